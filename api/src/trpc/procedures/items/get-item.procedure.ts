import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetItemInput = z.object({ itemId: z.uuid() });
export type TGetItemInput = z.infer<typeof ZGetItemInput>;

export const getItemProcedure = authedProcedure
  .input(ZGetItemInput)
  .query(({ ctx, input }) => ctx.services.itemLibrary.get(ctx.auth.actor, input.itemId));
