import { authedProcedure } from '../../trpc';

export const listWatchFoldersProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.watchFolders.list(ctx.auth.actor),
);
