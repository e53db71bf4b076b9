import { authedProcedure } from '../../trpc';

export const shareLimitsProcedure = authedProcedure.query(({ ctx }) => ctx.services.shares.limits(ctx.auth.actor));
