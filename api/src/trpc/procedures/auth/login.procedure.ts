import { z } from 'zod';
import { publicProcedure } from '../../trpc';

export const ZLoginInput = z.object({
  organisation: z.string().trim().min(1).max(100),
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1000),
  mfaCode: z.string().trim().max(64).optional(),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const loginProcedure = publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
  const result = await ctx.services.auth.login(input, ctx.meta);
  if (result.status === 'mfaRequired') return { status: 'mfaRequired' as const };
  ctx.startSession(result.token);
  return { status: 'ok' as const };
});
