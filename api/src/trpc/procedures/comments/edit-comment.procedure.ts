import { ZAnnotation } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZCommentText, ZTicks } from './comment-input.schema';

export const ZEditCommentInput = z.object({
  id: z.uuid(),
  text: ZCommentText,
  tcIn: ZTicks.nullable().optional(),
  tcOut: ZTicks.nullable().optional(),
  annotation: ZAnnotation.nullable().optional(),
});
export type TEditCommentInput = z.infer<typeof ZEditCommentInput>;

export const editCommentProcedure = authedProcedure
  .input(ZEditCommentInput)
  .mutation(({ ctx, input }) => ctx.services.comments.edit(ctx.auth.actor, input, ctx.meta));
