import { authedProcedure } from '../../trpc';

export const listMyUploadRequestsProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.uploadRequests.listMine(ctx.auth.actor, ctx.meta),
);
