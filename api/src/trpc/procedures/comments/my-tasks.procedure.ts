import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZTaskLimit, ZTaskSort, ZTaskState, ZTaskStatus } from './comment-input.schema';

export const ZMyTasksInput = z
  .object({ state: ZTaskState, status: ZTaskStatus.optional(), sort: ZTaskSort.optional(), limit: ZTaskLimit })
  .default({ state: 'open', limit: 100 });
export type TMyTasksInput = z.infer<typeof ZMyTasksInput>;

export const myTasksProcedure = authedProcedure
  .input(ZMyTasksInput)
  .query(({ ctx, input }) => ctx.services.comments.myTasks(ctx.auth.actor, input));
