import { authedProcedure } from '../../trpc';

export const listFeatureFlagsProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.system.listFeatureFlags(ctx.auth.actor),
);
