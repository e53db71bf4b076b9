import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDisableMfaInput = z.object({ code: z.string().trim().min(6).max(20) });
export type TDisableMfaInput = z.infer<typeof ZDisableMfaInput>;

export const disableMfaProcedure = authedProcedure.input(ZDisableMfaInput).mutation(async ({ ctx, input }) => {
  const config = await ctx.services.tenantConfig.current(ctx.auth.tenant.id);
  await ctx.services.mfa.disable(ctx.auth.actor, input.code, config.toggles.enforceMfa && !ctx.auth.user.external);
  return { ok: true as const };
});
