import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZRunLifecycleRuleInput = z.object({ id: z.uuid() });
export type TRunLifecycleRuleInput = z.infer<typeof ZRunLifecycleRuleInput>;

export const runLifecycleRuleProcedure = authedProcedure
  .input(ZRunLifecycleRuleInput)
  .mutation(({ ctx, input }) => ctx.services.lifecycleRules.runNow(ctx.auth.actor, input.id));
