import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteLiveSourceInput = z.object({ id: z.uuid() });
export type TDeleteLiveSourceInput = z.infer<typeof ZDeleteLiveSourceInput>;

export const deleteLiveSourceProcedure = authedProcedure
  .input(ZDeleteLiveSourceInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.liveSources.delete(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
