import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZItemIds } from './item-library.schema';

export const ZMoveItemsInput = z.object({ itemIds: ZItemIds, folderId: z.uuid() });
export type TMoveItemsInput = z.infer<typeof ZMoveItemsInput>;

export const moveItemsProcedure = authedProcedure
  .input(ZMoveItemsInput)
  .mutation(({ ctx, input }) => ctx.services.itemLibrary.move(ctx.auth.actor, input, ctx.meta));
