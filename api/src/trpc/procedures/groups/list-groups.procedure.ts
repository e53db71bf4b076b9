import { authedProcedure } from '../../trpc';

export const listGroupsProcedure = authedProcedure.query(({ ctx }) => ctx.services.groups.list(ctx.auth.actor));
