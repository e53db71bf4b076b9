import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZStorageInput } from './storage-input.schema';

export const ZUpdateStorageInput = ZStorageInput.extend({ id: z.uuid() });
export type TUpdateStorageInput = z.infer<typeof ZUpdateStorageInput>;

export const updateStorageProcedure = authedProcedure
  .input(ZUpdateStorageInput)
  .mutation(({ ctx, input }) => ctx.services.storages.update(ctx.auth.actor, input, ctx.meta));
