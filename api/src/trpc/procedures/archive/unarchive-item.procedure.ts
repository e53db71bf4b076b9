import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUnarchiveItemInput = z.object({ itemId: z.uuid(), tier: z.enum(['express', 'standard']).optional() });
export type TUnarchiveItemInput = z.infer<typeof ZUnarchiveItemInput>;

export const unarchiveItemProcedure = authedProcedure
  .input(ZUnarchiveItemInput)
  .mutation(async ({ ctx, input }) =>
    ctx.services.archive.unarchive(ctx.auth.actor, input.itemId, { tier: input.tier }, ctx.meta),
  );
