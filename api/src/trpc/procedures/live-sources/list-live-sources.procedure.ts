import { authedProcedure } from '../../trpc';

export const listLiveSourcesProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.crashRecordings.listSources(ctx.auth.actor),
);
