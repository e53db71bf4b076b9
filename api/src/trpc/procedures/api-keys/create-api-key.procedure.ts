import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZCreateApiKeyInput = z.object({
  label: z.string().trim().min(1).max(100),
  expiresAt: z.iso.date().nullable(),
  maxUnusedDays: z.number().int().min(1).max(3650).nullable(),
});
export type TCreateApiKeyInput = z.infer<typeof ZCreateApiKeyInput>;

export const createApiKeyProcedure = authedProcedure
  .input(ZCreateApiKeyInput)
  .mutation(({ ctx, input }) => ctx.services.apiKeys.create(ctx.auth.actor, input, ctx.meta));
