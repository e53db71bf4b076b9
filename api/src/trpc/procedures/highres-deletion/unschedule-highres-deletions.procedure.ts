import { z } from 'zod';
import { MAX_BULK_ITEMS } from '../../../services/bulk/bulk-items';
import { authedProcedure } from '../../trpc';

export const ZUnscheduleHighresDeletionsInput = z.object({ itemIds: z.array(z.uuid()).min(1).max(MAX_BULK_ITEMS) });
export type TUnscheduleHighresDeletionsInput = z.infer<typeof ZUnscheduleHighresDeletionsInput>;

export const unscheduleHighresDeletionsProcedure = authedProcedure
  .input(ZUnscheduleHighresDeletionsInput)
  .mutation(({ ctx, input }) => ctx.services.highresDeletions.unscheduleMany(ctx.auth.actor, input.itemIds, ctx.meta));
