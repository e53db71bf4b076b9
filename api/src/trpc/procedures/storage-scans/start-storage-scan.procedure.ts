import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZStartStorageScanInput = z.object({
  storageId: z.uuid(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  folderId: z.uuid().optional(),
});
export type TStartStorageScanInput = z.infer<typeof ZStartStorageScanInput>;

export const startStorageScanProcedure = authedProcedure
  .input(ZStartStorageScanInput)
  .mutation(({ ctx, input: { storageId, ...input } }) =>
    ctx.services.storageScans.start(ctx.auth.actor, storageId, input, ctx.meta),
  );
