import { authedProcedure } from '../../trpc';
import { ZSearchInput } from './search.schema';

export const searchItemsProcedure = authedProcedure
  .input(ZSearchInput)
  .query(async ({ ctx, input: { counts, ...input } }) =>
    (counts ?? input.cursor === undefined)
      ? ctx.services.search.search(ctx.auth.actor, input)
      : {
          ...(await ctx.services.search.searchPage(ctx.auth.actor, input)),
          total: null,
          facets: null,
          suggestion: null,
        },
  );
