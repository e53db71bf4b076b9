import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListLogEntriesInput = z.object({ itemId: z.uuid() });
export type TListLogEntriesInput = z.infer<typeof ZListLogEntriesInput>;

export const listLogEntriesProcedure = authedProcedure
  .input(ZListLogEntriesInput)
  .query(({ ctx, input }) => ctx.services.logEntries.list(ctx.auth.actor, input.itemId));
