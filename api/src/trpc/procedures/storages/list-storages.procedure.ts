import { authedProcedure } from '../../trpc';

export const listStoragesProcedure = authedProcedure.query(({ ctx }) => ctx.services.storages.list(ctx.auth.actor));
