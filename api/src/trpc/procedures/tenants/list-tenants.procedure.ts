import { authedProcedure } from '../../trpc';

export const listTenantsProcedure = authedProcedure.query(({ ctx }) => ctx.services.system.listTenants(ctx.auth.actor));
