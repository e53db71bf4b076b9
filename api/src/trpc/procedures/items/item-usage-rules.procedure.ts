import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZItemUsageRulesInput = z.object({ itemId: z.uuid() });
export type TItemUsageRulesInput = z.infer<typeof ZItemUsageRulesInput>;

export const itemUsageRulesProcedure = authedProcedure
  .input(ZItemUsageRulesInput)
  .query(({ ctx, input }) => ctx.services.itemMetadata.usageRules(ctx.auth.actor, input.itemId));
