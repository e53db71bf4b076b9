import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZLogoutUserEverywhereInput = z.object({ id: z.uuid() });
export type TLogoutUserEverywhereInput = z.infer<typeof ZLogoutUserEverywhereInput>;

export const logoutUserEverywhereProcedure = authedProcedure
  .input(ZLogoutUserEverywhereInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.users.logoutEverywhere(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
