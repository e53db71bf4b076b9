import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteWatchFolderInput = z.object({ id: z.uuid() });
export type TDeleteWatchFolderInput = z.infer<typeof ZDeleteWatchFolderInput>;

export const deleteWatchFolderProcedure = authedProcedure
  .input(ZDeleteWatchFolderInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.watchFolders.delete(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
