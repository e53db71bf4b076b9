import { authedProcedure } from '../../trpc';

/** Where the user's uploads go when they are not in a folder (their chosen default, else the root folder). */
export const getUploadFolderProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.uploadFolders.get(ctx.auth.actor),
);
