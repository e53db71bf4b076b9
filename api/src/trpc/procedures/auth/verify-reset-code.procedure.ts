import { z } from 'zod';
import { publicProcedure } from '../../trpc';

export const ZVerifyResetCodeInput = z.object({
  organisation: z.string().trim().min(1).max(100),
  email: z.string().trim().min(1).max(320),
  code: z.string().trim().min(1).max(20),
});
export type TVerifyResetCodeInput = z.infer<typeof ZVerifyResetCodeInput>;

export const verifyResetCodeProcedure = publicProcedure
  .input(ZVerifyResetCodeInput)
  .mutation(({ ctx, input }) => ctx.services.codes.verifyResetCode(input, ctx.meta));
