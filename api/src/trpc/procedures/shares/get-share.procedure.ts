import { authedProcedure } from '../../trpc';
import { ZShareId } from './share-input.schema';

export const getShareProcedure = authedProcedure
  .input(ZShareId)
  .query(({ ctx, input }) => ctx.services.shares.get(ctx.auth.actor, input.id, ctx.meta));
