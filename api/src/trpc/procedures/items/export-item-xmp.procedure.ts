import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZExportItemXmpInput = z.object({ itemId: z.uuid() });
export type TExportItemXmpInput = z.infer<typeof ZExportItemXmpInput>;

export const exportItemXmpProcedure = authedProcedure.input(ZExportItemXmpInput).query(async ({ ctx, input }) => ({
  xmp: await ctx.services.metadataExchange.exportXmp(ctx.auth.actor, input.itemId),
}));
