import { authedProcedure } from '../../trpc';

export const listLifecycleRulesProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.lifecycleRules.list(ctx.auth.actor),
);
