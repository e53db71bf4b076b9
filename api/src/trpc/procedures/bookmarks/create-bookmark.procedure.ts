import { authedProcedure } from '../../trpc';
import { ZBookmarkInput } from './bookmark-input.schema';

export const ZCreateBookmarkInput = ZBookmarkInput;

export const createBookmarkProcedure = authedProcedure
  .input(ZCreateBookmarkInput)
  .mutation(({ ctx, input }) => ctx.services.bookmarks.create(ctx.auth.actor, input, ctx.meta));
