import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZItemIds } from './item-library.schema';

export const ZRestoreItemsInput = z.object({ itemIds: ZItemIds });
export type TRestoreItemsInput = z.infer<typeof ZRestoreItemsInput>;

export const restoreItemsProcedure = authedProcedure
  .input(ZRestoreItemsInput)
  .mutation(({ ctx, input }) => ctx.services.itemLibrary.restore(ctx.auth.actor, input.itemIds, ctx.meta));
