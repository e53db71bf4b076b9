import { archiveDirections } from '@mam/core';
import { z } from 'zod';
import { MAX_BULK_ARCHIVE_ITEMS } from '../../../services/archive/archive.service';
import { authedProcedure } from '../../trpc';

export const ZBulkArchiveInput = z.object({
  itemIds: z.array(z.uuid()).min(1).max(MAX_BULK_ARCHIVE_ITEMS),
  direction: z.enum(archiveDirections),
  storageId: z.uuid().optional(),
});
export type TBulkArchiveInput = z.infer<typeof ZBulkArchiveInput>;

export const bulkArchiveProcedure = authedProcedure
  .input(ZBulkArchiveInput)
  .mutation(async ({ ctx, input }) => ctx.services.archive.bulk(ctx.auth.actor, input, ctx.meta));
