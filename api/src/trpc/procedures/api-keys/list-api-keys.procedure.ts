import { authedProcedure } from '../../trpc';

export const listApiKeysProcedure = authedProcedure.query(({ ctx }) => ctx.services.apiKeys.list(ctx.auth.actor));
