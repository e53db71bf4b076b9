import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZImportMetadataCsvInput = z.object({
  formId: z.string().min(1).max(200),
  csv: z.string().max(20_000_000),
});
export type TImportMetadataCsvInput = z.infer<typeof ZImportMetadataCsvInput>;

export const importMetadataCsvProcedure = authedProcedure
  .input(ZImportMetadataCsvInput)
  .mutation(({ ctx, input }) => ctx.services.metadataExchange.importCsv(ctx.auth.actor, input, ctx.meta));
