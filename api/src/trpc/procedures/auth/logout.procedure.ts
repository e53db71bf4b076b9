import { publicProcedure } from '../../trpc';

export const logoutProcedure = publicProcedure.mutation(async ({ ctx }) => {
  const session = await ctx.session().catch(() => null);
  if (session) await ctx.services.sessions.end(session.token);
  ctx.endSession();
  return { ok: true as const };
});
