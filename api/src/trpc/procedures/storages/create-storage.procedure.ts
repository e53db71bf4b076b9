import type { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZStorageInput } from './storage-input.schema';

export const ZCreateStorageInput = ZStorageInput;
export type TCreateStorageInput = z.infer<typeof ZCreateStorageInput>;

export const createStorageProcedure = authedProcedure
  .input(ZCreateStorageInput)
  .mutation(({ ctx, input }) => ctx.services.storages.create(ctx.auth.actor, input, ctx.meta));
