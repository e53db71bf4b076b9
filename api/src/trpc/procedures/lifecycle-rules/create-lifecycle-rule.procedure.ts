import { ZLifecycleRuleInput } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZCreateLifecycleRuleInput = ZLifecycleRuleInput;
export type TCreateLifecycleRuleInput = z.input<typeof ZCreateLifecycleRuleInput>;

export const createLifecycleRuleProcedure = authedProcedure
  .input(ZCreateLifecycleRuleInput)
  .mutation(({ ctx, input }) => ctx.services.lifecycleRules.create(ctx.auth.actor, input, ctx.meta));
