import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZImportItemXmpInput = z.object({
  itemId: z.uuid(),
  formId: z.string().min(1).max(200),
  xmp: z.string().max(2_000_000),
});
export type TImportItemXmpInput = z.infer<typeof ZImportItemXmpInput>;

export const importItemXmpProcedure = authedProcedure
  .input(ZImportItemXmpInput)
  .mutation(({ ctx, input }) => ctx.services.metadataExchange.importXmp(ctx.auth.actor, input.itemId, input, ctx.meta));
