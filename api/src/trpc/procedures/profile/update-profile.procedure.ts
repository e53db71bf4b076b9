import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateProfileInput = z.object({
  name: z.string().trim().min(1).max(200),
  language: z.enum(['en', 'nb', 'nn', 'fr']).nullable(),
});
export type TUpdateProfileInput = z.infer<typeof ZUpdateProfileInput>;

export const updateProfileProcedure = authedProcedure.input(ZUpdateProfileInput).mutation(async ({ ctx, input }) => {
  await ctx.services.users.updateProfile(ctx.auth.actor, input);
  return { ok: true as const };
});
