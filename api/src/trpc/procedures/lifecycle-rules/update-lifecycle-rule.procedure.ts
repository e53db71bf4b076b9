import { ZLifecycleRuleInput } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateLifecycleRuleInput = ZLifecycleRuleInput.extend({ id: z.uuid() });
export type TUpdateLifecycleRuleInput = z.input<typeof ZUpdateLifecycleRuleInput>;

export const updateLifecycleRuleProcedure = authedProcedure
  .input(ZUpdateLifecycleRuleInput)
  .mutation(({ ctx, input: { id, ...rule } }) =>
    ctx.services.lifecycleRules.update(ctx.auth.actor, id, rule, ctx.meta),
  );
