import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZItemHistoryInput = z.object({
  itemId: z.uuid(),
  limit: z.number().int().min(1).max(500).default(200),
  /** The id of the oldest event already shown, for the events before it. */
  before: z.string().regex(/^\d+$/).optional(),
});
export type TItemHistoryInput = z.infer<typeof ZItemHistoryInput>;

export const itemHistoryProcedure = authedProcedure
  .input(ZItemHistoryInput)
  .query(({ ctx, input }) =>
    ctx.services.itemLibrary.history(ctx.auth.actor, input.itemId, { limit: input.limit, before: input.before }),
  );
