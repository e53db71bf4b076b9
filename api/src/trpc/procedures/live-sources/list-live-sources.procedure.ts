import { authedProcedure } from '../../trpc';

export const listLiveSourcesProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.liveSources.list(ctx.auth.actor),
);
