import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZArchiveItemInput = z.object({ itemId: z.uuid(), storageId: z.uuid().optional() });
export type TArchiveItemInput = z.infer<typeof ZArchiveItemInput>;

export const archiveItemProcedure = authedProcedure
  .input(ZArchiveItemInput)
  .mutation(async ({ ctx, input }) =>
    ctx.services.archive.archive(ctx.auth.actor, input.itemId, { storageId: input.storageId }, ctx.meta),
  );
