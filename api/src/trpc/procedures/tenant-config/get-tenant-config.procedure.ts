import { authedProcedure } from '../../trpc';

export const getTenantConfigProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.tenantConfig.get(ctx.auth.actor),
);
