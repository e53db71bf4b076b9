import { ZAnnotation } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZCommentText, ZTaskDueAt, ZTaskPriority, ZTicks } from './comment-input.schema';

export const ZCreateCommentInput = z.object({
  itemId: z.uuid(),
  text: ZCommentText,
  tcIn: ZTicks.nullable().optional(),
  tcOut: ZTicks.nullable().optional(),
  annotation: ZAnnotation.nullable().optional(),
  assigneeId: z.uuid().nullable().optional(),
  dueAt: ZTaskDueAt.optional(),
  priority: ZTaskPriority.optional(),
});
export type TCreateCommentInput = z.infer<typeof ZCreateCommentInput>;

export const createCommentProcedure = authedProcedure
  .input(ZCreateCommentInput)
  .mutation(({ ctx, input }) => ctx.services.comments.create(ctx.auth.actor, input, ctx.meta));
