import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZPageInput } from './item-library.schema';

export const ZListDeletedItemsInput = z.object(ZPageInput);
export type TListDeletedItemsInput = z.infer<typeof ZListDeletedItemsInput>;

export const listDeletedItemsProcedure = authedProcedure
  .input(ZListDeletedItemsInput)
  .query(({ ctx, input }) => ctx.services.itemLibrary.listDeleted(ctx.auth.actor, input));
