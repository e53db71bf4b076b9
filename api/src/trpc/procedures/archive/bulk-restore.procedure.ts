import { restoreTiers } from '@mam/core';
import { z } from 'zod';
import { MAX_BULK_ARCHIVE_ITEMS } from '../../../services/archive/archive.service';
import { authedProcedure } from '../../trpc';

export const ZBulkRestoreInput = z.object({
  itemIds: z.array(z.uuid()).min(1).max(MAX_BULK_ARCHIVE_ITEMS),
  tier: z.enum(restoreTiers).default('standard'),
});
export type TBulkRestoreInput = z.infer<typeof ZBulkRestoreInput>;

export const bulkRestoreProcedure = authedProcedure
  .input(ZBulkRestoreInput)
  .mutation(async ({ ctx, input }) => ctx.services.archive.bulkRestore(ctx.auth.actor, input, ctx.meta));
