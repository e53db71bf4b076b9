import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteFeatureFlagInput = z.object({ id: z.string().min(1).max(64) });
export type TDeleteFeatureFlagInput = z.infer<typeof ZDeleteFeatureFlagInput>;

export const deleteFeatureFlagProcedure = authedProcedure
  .input(ZDeleteFeatureFlagInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.system.deleteFeatureFlag(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
