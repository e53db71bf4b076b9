import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZTaskLimit, ZTaskSort, ZTaskState, ZTaskStatus } from './comment-input.schema';

export const ZAllTasksInput = z
  .object({ state: ZTaskState, status: ZTaskStatus.optional(), sort: ZTaskSort.optional(), limit: ZTaskLimit })
  .default({ state: 'open', limit: 100 });
export type TAllTasksInput = z.infer<typeof ZAllTasksInput>;

export const allTasksProcedure = authedProcedure
  .input(ZAllTasksInput)
  .query(({ ctx, input }) => ctx.services.comments.allTasks(ctx.auth.actor, input));
