import { authedProcedure } from '../../trpc';
import { ZSearchInput } from './search.schema';

export const searchItemsProcedure = authedProcedure
  .input(ZSearchInput)
  .query(({ ctx, input }) => ctx.services.search.search(ctx.auth.actor, input));
