import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSendToStorageInput = z.object({ itemId: z.uuid(), storageId: z.uuid() });
export type TSendToStorageInput = z.infer<typeof ZSendToStorageInput>;

export const sendToStorageProcedure = authedProcedure
  .input(ZSendToStorageInput)
  .mutation(async ({ ctx, input }) => ctx.services.sendToStorage.send(ctx.auth.actor, input.itemId, input.storageId));
