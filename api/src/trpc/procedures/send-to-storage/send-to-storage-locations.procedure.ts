import { authedProcedure } from '../../trpc';

export const sendToStorageLocationsProcedure = authedProcedure.query(async ({ ctx }) =>
  ctx.services.sendToStorage.locations(ctx.auth.actor),
);
