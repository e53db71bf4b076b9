import { authedProcedure } from '../../trpc';

export const backgroundJobTypesProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.backgroundJobs.types(ctx.auth.actor),
);
