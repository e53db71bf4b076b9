import { z } from 'zod';
import { publicProcedure } from '../../trpc';

export const ZResetPasswordInput = z.object({ resetToken: z.string().min(1).max(200), password: z.string().max(1000) });
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

export const resetPasswordProcedure = publicProcedure.input(ZResetPasswordInput).mutation(async ({ ctx, input }) => {
  ctx.startSession(await ctx.services.codes.resetPassword(input, ctx.meta));
  return { ok: true as const };
});
