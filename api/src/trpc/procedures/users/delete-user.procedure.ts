import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteUserInput = z.object({ id: z.uuid() });
export type TDeleteUserInput = z.infer<typeof ZDeleteUserInput>;

export const deleteUserProcedure = authedProcedure.input(ZDeleteUserInput).mutation(async ({ ctx, input }) => {
  await ctx.services.users.delete(ctx.auth.actor, input.id, ctx.meta);
  return { ok: true as const };
});
