import { authedProcedure } from '../../trpc';
import { ZShareId } from './share-input.schema';

export const shareEmailHistoryProcedure = authedProcedure
  .input(ZShareId)
  .query(({ ctx, input }) => ctx.services.shares.emailHistory(ctx.auth.actor, input.id));
