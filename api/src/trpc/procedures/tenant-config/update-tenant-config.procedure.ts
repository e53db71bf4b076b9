import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateTenantConfigInput = z.object({ config: z.unknown() });
export type TUpdateTenantConfigInput = z.infer<typeof ZUpdateTenantConfigInput>;

export const updateTenantConfigProcedure = authedProcedure
  .input(ZUpdateTenantConfigInput)
  .mutation(({ ctx, input }) => ctx.services.tenantConfig.update(ctx.auth.actor, input.config, ctx.meta));
