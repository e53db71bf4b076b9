import { z } from 'zod';
import { publicProcedure } from '../../trpc';

export const ZSignInWithCodeInput = z.object({ code: z.string().trim().min(1).max(200) });
export type TSignInWithCodeInput = z.infer<typeof ZSignInWithCodeInput>;

export const signInWithCodeProcedure = publicProcedure.input(ZSignInWithCodeInput).mutation(async ({ ctx, input }) => {
  ctx.startSession(await ctx.services.codes.signInWithCode(input.code, ctx.meta));
  return { ok: true as const };
});
