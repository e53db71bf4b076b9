import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZCommentText } from './comment-input.schema';

export const ZReplyCommentInput = z.object({ commentId: z.uuid(), text: ZCommentText });
export type TReplyCommentInput = z.infer<typeof ZReplyCommentInput>;

export const replyCommentProcedure = authedProcedure
  .input(ZReplyCommentInput)
  .mutation(({ ctx, input }) => ctx.services.comments.reply(ctx.auth.actor, input, ctx.meta));
