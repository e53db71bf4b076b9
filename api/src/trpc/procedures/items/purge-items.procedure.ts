import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZItemIds } from './item-library.schema';

export const ZPurgeItemsInput = z.object({ itemIds: ZItemIds });
export type TPurgeItemsInput = z.infer<typeof ZPurgeItemsInput>;

/** Delete permanently, from the recycle bin only. */
export const purgeItemsProcedure = authedProcedure
  .input(ZPurgeItemsInput)
  .mutation(({ ctx, input }) => ctx.services.itemLibrary.purge(ctx.auth.actor, input.itemIds, ctx.meta));
