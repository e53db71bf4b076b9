import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteStorageInput = z.object({ id: z.uuid() });
export type TDeleteStorageInput = z.infer<typeof ZDeleteStorageInput>;

export const deleteStorageProcedure = authedProcedure.input(ZDeleteStorageInput).mutation(async ({ ctx, input }) => {
  await ctx.services.storages.delete(ctx.auth.actor, input.id, ctx.meta);
  return { ok: true as const };
});
