import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZTaskDueAt, ZTaskPriority, ZTaskStatus } from './comment-input.schema';

export const ZUpdateTaskInput = z.object({
  id: z.uuid(),
  status: ZTaskStatus.optional(),
  dueAt: ZTaskDueAt.optional(),
  priority: ZTaskPriority.optional(),
});
export type TUpdateTaskInput = z.infer<typeof ZUpdateTaskInput>;

export const updateTaskProcedure = authedProcedure
  .input(ZUpdateTaskInput)
  .mutation(({ ctx, input }) => ctx.services.comments.updateTask(ctx.auth.actor, input, ctx.meta));
