import { z } from 'zod';
import { authedProcedure } from '../../trpc';

const ZJson = z.json();

export const ZBulkChange = z.discriminatedUnion('op', [
  z.object({ fieldId: z.string().min(1), op: z.literal('set'), value: ZJson }),
  z.object({ fieldId: z.string().min(1), op: z.literal('add'), value: ZJson }),
  z.object({ fieldId: z.string().min(1), op: z.literal('clear') }),
]);

export const ZBulkUpdateItemMetadataInput = z.object({
  itemIds: z.array(z.uuid()).min(1).max(10_000),
  formId: z.string().min(1).max(200),
  changes: z.array(ZBulkChange).min(1).max(100),
});
export type TBulkUpdateItemMetadataInput = z.infer<typeof ZBulkUpdateItemMetadataInput>;

export const bulkUpdateItemMetadataProcedure = authedProcedure
  .input(ZBulkUpdateItemMetadataInput)
  .mutation(({ ctx, input }) => ctx.services.itemMetadata.bulkUpdate(ctx.auth.actor, input, ctx.meta));
