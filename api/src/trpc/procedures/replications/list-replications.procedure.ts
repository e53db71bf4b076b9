import { authedProcedure } from '../../trpc';

export const listReplicationsProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.replications.list(ctx.auth.actor),
);
