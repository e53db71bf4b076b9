import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteReplicationInput = z.object({ id: z.uuid() });
export type TDeleteReplicationInput = z.infer<typeof ZDeleteReplicationInput>;

export const deleteReplicationProcedure = authedProcedure
  .input(ZDeleteReplicationInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.replications.delete(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
