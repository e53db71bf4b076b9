import { z } from 'zod';
import { ZTenantSlug } from '@mam/core';
import { authedProcedure } from '../../trpc';

export const ZCreateTenantInput = z.object({
  slug: ZTenantSlug,
  name: z.string().trim().min(1).max(200),
  adminEmail: z.email().max(320),
  adminPassword: z.string().max(1000),
});
export type TCreateTenantInput = z.infer<typeof ZCreateTenantInput>;

export const createTenantProcedure = authedProcedure
  .input(ZCreateTenantInput)
  .mutation(({ ctx, input }) => ctx.services.system.createTenant(ctx.auth.actor, input, ctx.meta));
