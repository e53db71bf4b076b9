import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZRemoveRelationInput = z.object({ id: z.uuid() });
export type TRemoveRelationInput = z.infer<typeof ZRemoveRelationInput>;

export const removeRelationProcedure = authedProcedure.input(ZRemoveRelationInput).mutation(async ({ ctx, input }) => {
  await ctx.services.relations.remove(ctx.auth.actor, input.id, ctx.meta);
  return { ok: true as const };
});
