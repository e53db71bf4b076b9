import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteApiKeyInput = z.object({ id: z.uuid() });
export type TDeleteApiKeyInput = z.infer<typeof ZDeleteApiKeyInput>;

export const deleteApiKeyProcedure = authedProcedure.input(ZDeleteApiKeyInput).mutation(async ({ ctx, input }) => {
  await ctx.services.apiKeys.delete(ctx.auth.actor, input.id, ctx.meta);
  return { ok: true as const };
});
