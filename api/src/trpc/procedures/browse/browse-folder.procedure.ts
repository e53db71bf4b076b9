import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZPageInput } from '../items/item-library.schema';

export const ZBrowseFolderInput = z.object({
  /** Without a folder: the tenant root folder. */
  folderId: z.uuid().optional(),
  ...ZPageInput,
});
export type TBrowseFolderInput = z.infer<typeof ZBrowseFolderInput>;

/** The /browse layout's item grid; FEATURE_DISABLED while the browse flag is off for the tenant. */
export const browseFolderProcedure = authedProcedure
  .input(ZBrowseFolderInput)
  .query(({ ctx, input }) => ctx.services.libraryLayout.browseFolder(ctx.auth.actor, input));
