import { authedProcedure } from '../../trpc';
import { ZShareId } from './share-input.schema';

export const revokeShareProcedure = authedProcedure
  .input(ZShareId)
  .mutation(({ ctx, input }) => ctx.services.shares.revoke(ctx.auth.actor, input.id, ctx.meta));
