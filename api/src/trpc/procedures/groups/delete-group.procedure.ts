import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteGroupInput = z.object({ id: z.uuid() });
export type TDeleteGroupInput = z.infer<typeof ZDeleteGroupInput>;

export const deleteGroupProcedure = authedProcedure.input(ZDeleteGroupInput).mutation(async ({ ctx, input }) => {
  await ctx.services.groups.delete(ctx.auth.actor, input.id, ctx.meta);
  return { ok: true as const };
});
