import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZExportMetadataCsvInput = z.object({
  itemIds: z.array(z.uuid()).min(1).max(10_000),
  formId: z.string().min(1).max(200),
});
export type TExportMetadataCsvInput = z.infer<typeof ZExportMetadataCsvInput>;

// A mutation: the id list can be long, and the console asks for the file on a click.
export const exportMetadataCsvProcedure = authedProcedure
  .input(ZExportMetadataCsvInput)
  .mutation(async ({ ctx, input }) => ({ csv: await ctx.services.metadataExchange.exportCsv(ctx.auth.actor, input) }));
