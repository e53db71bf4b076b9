import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListSendToStorageInput = z.object({ itemId: z.uuid() });
export type TListSendToStorageInput = z.infer<typeof ZListSendToStorageInput>;

export const listSendToStorageProcedure = authedProcedure
  .input(ZListSendToStorageInput)
  .query(async ({ ctx, input }) => ctx.services.sendToStorage.list(ctx.auth.actor, input.itemId));
