import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteBookmarkInput = z.object({ id: z.uuid() });
export type TDeleteBookmarkInput = z.infer<typeof ZDeleteBookmarkInput>;

export const deleteBookmarkProcedure = authedProcedure.input(ZDeleteBookmarkInput).mutation(async ({ ctx, input }) => {
  await ctx.services.bookmarks.delete(ctx.auth.actor, input.id, ctx.meta);
  return { ok: true as const };
});
