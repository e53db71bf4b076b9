import { authedProcedure } from '../../trpc';

export const listBookmarksProcedure = authedProcedure.query(({ ctx }) => ctx.services.bookmarks.list(ctx.auth.actor));
