import { z } from 'zod';
import { publicProcedure } from '../../trpc';

export const ZRequestPasswordResetInput = z.object({
  organisation: z.string().trim().min(1).max(100),
  email: z.string().trim().min(1).max(320),
});
export type TRequestPasswordResetInput = z.infer<typeof ZRequestPasswordResetInput>;

export const requestPasswordResetProcedure = publicProcedure
  .input(ZRequestPasswordResetInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.codes.requestPasswordReset(input, ctx.meta);
    return { ok: true as const };
  });
