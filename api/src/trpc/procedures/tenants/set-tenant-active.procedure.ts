import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetTenantActiveInput = z.object({ id: z.uuid(), active: z.boolean() });
export type TSetTenantActiveInput = z.infer<typeof ZSetTenantActiveInput>;

export const setTenantActiveProcedure = authedProcedure
  .input(ZSetTenantActiveInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.system.setTenantActive(ctx.auth.actor, input.id, input.active, ctx.meta);
    return { ok: true as const };
  });
