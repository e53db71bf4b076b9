import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpsertFeatureFlagInput = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9._-]{0,63}$/),
  description: z.string().trim().max(500),
  enabledForAll: z.boolean(),
  tenantIds: z.array(z.uuid()).max(10000),
});
export type TUpsertFeatureFlagInput = z.infer<typeof ZUpsertFeatureFlagInput>;

export const upsertFeatureFlagProcedure = authedProcedure
  .input(ZUpsertFeatureFlagInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.system.upsertFeatureFlag(ctx.auth.actor, input, ctx.meta);
    return { ok: true as const };
  });
