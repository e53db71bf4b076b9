import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZItemTitle = z.string().trim().min(1).max(500);
export const ZItemDescription = z.string().max(20_000);

export const ZUpdateItemInput = z.object({
  itemId: z.uuid(),
  title: ZItemTitle.optional(),
  description: ZItemDescription.optional(),
});
export type TUpdateItemInput = z.infer<typeof ZUpdateItemInput>;

export const updateItemProcedure = authedProcedure.input(ZUpdateItemInput).mutation(({ ctx, input }) => {
  const { itemId, ...changes } = input;
  return ctx.services.itemLibrary.update(ctx.auth.actor, itemId, changes, ctx.meta);
});
