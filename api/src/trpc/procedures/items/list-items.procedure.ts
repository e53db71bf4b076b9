import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZPageInput } from './item-library.schema';

export const ZListItemsInput = z.object({
  /** Without a folder: the tenant root folder. */
  folderId: z.uuid().optional(),
  ...ZPageInput,
});
export type TListItemsInput = z.infer<typeof ZListItemsInput>;

export const listItemsProcedure = authedProcedure
  .input(ZListItemsInput)
  .query(({ ctx, input }) => ctx.services.itemLibrary.list(ctx.auth.actor, input));
