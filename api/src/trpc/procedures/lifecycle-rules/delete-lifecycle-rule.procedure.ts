import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteLifecycleRuleInput = z.object({ id: z.uuid() });
export type TDeleteLifecycleRuleInput = z.infer<typeof ZDeleteLifecycleRuleInput>;

export const deleteLifecycleRuleProcedure = authedProcedure
  .input(ZDeleteLifecycleRuleInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.lifecycleRules.remove(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
