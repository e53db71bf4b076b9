import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListStorageScansInput = z.object({ storageId: z.uuid() });
export type TListStorageScansInput = z.infer<typeof ZListStorageScansInput>;

export const listStorageScansProcedure = authedProcedure
  .input(ZListStorageScansInput)
  .query(({ ctx, input }) => ctx.services.storageScans.list(ctx.auth.actor, input.storageId));
