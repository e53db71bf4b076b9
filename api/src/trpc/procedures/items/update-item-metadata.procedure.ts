import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateItemMetadataInput = z.object({
  itemId: z.uuid(),
  /** The form's row id or its key. */
  formId: z.string().min(1).max(200),
  /** By fieldId; the form's rules check each value (VALUE_REQUIRED, INVALID_CHOICE_VALUE…). */
  values: z.record(z.string(), z.unknown()),
});
export type TUpdateItemMetadataInput = z.infer<typeof ZUpdateItemMetadataInput>;

export const updateItemMetadataProcedure = authedProcedure
  .input(ZUpdateItemMetadataInput)
  .mutation(({ ctx, input }) => ctx.services.itemMetadata.update(ctx.auth.actor, input.itemId, input, ctx.meta));
