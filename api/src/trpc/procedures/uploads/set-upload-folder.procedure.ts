import { z } from 'zod';
import { authedProcedure } from '../../trpc';

/** `null` goes back to the organisation's root folder. */
export const ZSetUploadFolderInput = z.object({ folderId: z.uuid().nullable() });
export type TSetUploadFolderInput = z.infer<typeof ZSetUploadFolderInput>;

export const setUploadFolderProcedure = authedProcedure
  .input(ZSetUploadFolderInput)
  .mutation(({ ctx, input }) => ctx.services.uploadFolders.set(ctx.auth.actor, input.folderId, ctx.meta));
