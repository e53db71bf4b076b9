import { authedProcedure } from '../../trpc';

export const listMySharesProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.shares.listMine(ctx.auth.actor, ctx.meta),
);
