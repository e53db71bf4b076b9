import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZBookmarkInput } from './bookmark-input.schema';

export const ZUpdateBookmarkInput = ZBookmarkInput.extend({ id: z.uuid() });
export type TUpdateBookmarkInput = z.infer<typeof ZUpdateBookmarkInput>;

export const updateBookmarkProcedure = authedProcedure
  .input(ZUpdateBookmarkInput)
  .mutation(({ ctx, input: { id, ...input } }) => ctx.services.bookmarks.update(ctx.auth.actor, id, input, ctx.meta));
