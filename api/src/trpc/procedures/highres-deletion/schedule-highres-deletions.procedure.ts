import { ZHighresDeletionWhen } from '@mam/core';
import { z } from 'zod';
import { MAX_BULK_ITEMS } from '../../../services/bulk/bulk-items';
import { authedProcedure } from '../../trpc';

export const ZScheduleHighresDeletionsInput = z.object({
  itemIds: z.array(z.uuid()).min(1).max(MAX_BULK_ITEMS),
  when: ZHighresDeletionWhen,
});
export type TScheduleHighresDeletionsInput = z.infer<typeof ZScheduleHighresDeletionsInput>;

export const scheduleHighresDeletionsProcedure = authedProcedure
  .input(ZScheduleHighresDeletionsInput)
  .mutation(({ ctx, input }) =>
    ctx.services.highresDeletions.scheduleMany(ctx.auth.actor, input.itemIds, input.when, ctx.meta),
  );
