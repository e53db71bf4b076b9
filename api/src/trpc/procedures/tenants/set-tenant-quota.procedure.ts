import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetTenantQuotaInput = z.object({
  id: z.uuid(),
  storageQuotaBytes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type TSetTenantQuotaInput = z.infer<typeof ZSetTenantQuotaInput>;

export const setTenantQuotaProcedure = authedProcedure.input(ZSetTenantQuotaInput).mutation(async ({ ctx, input }) => ({
  ok: true as const,
  ...(await ctx.services.system.setTenantQuota(ctx.auth.actor, input.id, input.storageQuotaBytes, ctx.meta)),
}));
