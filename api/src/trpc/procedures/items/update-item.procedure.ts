import { ITEM_DESCRIPTION_MAX_LENGTH, ITEM_TITLE_MAX_LENGTH } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZItemTitle = z.string().trim().min(1).max(ITEM_TITLE_MAX_LENGTH);
export const ZItemDescription = z.string().max(ITEM_DESCRIPTION_MAX_LENGTH);

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
