import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZChangePasswordInput = z.object({
  currentPassword: z.string().max(1000),
  newPassword: z.string().max(1000),
});
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const changePasswordProcedure = authedProcedure
  .meta({ duringMfaEnrolment: true })
  .input(ZChangePasswordInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.auth.changePassword(ctx.auth.actor, input, ctx.meta);
    return { ok: true as const };
  });
