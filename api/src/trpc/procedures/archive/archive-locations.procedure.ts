import { authedProcedure } from '../../trpc';

export const archiveLocationsProcedure = authedProcedure.query(async ({ ctx }) =>
  ctx.services.archive.locations(ctx.auth.actor),
);
