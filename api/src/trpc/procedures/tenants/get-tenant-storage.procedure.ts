import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetTenantStorageInput = z.object({ id: z.uuid() });
export type TGetTenantStorageInput = z.infer<typeof ZGetTenantStorageInput>;

export const getTenantStorageProcedure = authedProcedure
  .input(ZGetTenantStorageInput)
  .query(({ ctx, input }) => ctx.services.system.tenantStorage(ctx.auth.actor, input.id));
