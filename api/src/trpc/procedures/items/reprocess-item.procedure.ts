import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZReprocessItemInput = z.object({ itemId: z.uuid() });

export const reprocessItemProcedure = authedProcedure
  .input(ZReprocessItemInput)
  .mutation(({ ctx, input }) => ctx.services.processing.reprocess(ctx.auth.actor, input.itemId));
