import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZItemIds } from './item-library.schema';

export const ZDeleteItemsInput = z.object({ itemIds: ZItemIds });
export type TDeleteItemsInput = z.infer<typeof ZDeleteItemsInput>;

/** To the recycle bin. */
export const deleteItemsProcedure = authedProcedure
  .input(ZDeleteItemsInput)
  .mutation(({ ctx, input }) => ctx.services.itemLibrary.remove(ctx.auth.actor, input.itemIds, ctx.meta));
