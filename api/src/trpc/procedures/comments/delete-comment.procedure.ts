import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteCommentInput = z.object({ id: z.uuid() });
export type TDeleteCommentInput = z.infer<typeof ZDeleteCommentInput>;

export const deleteCommentProcedure = authedProcedure.input(ZDeleteCommentInput).mutation(async ({ ctx, input }) => {
  await ctx.services.comments.delete(ctx.auth.actor, input.id, ctx.meta);
  return { ok: true as const };
});
