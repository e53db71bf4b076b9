import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteLogEntryInput = z.object({ id: z.uuid() });
export type TDeleteLogEntryInput = z.infer<typeof ZDeleteLogEntryInput>;

export const deleteLogEntryProcedure = authedProcedure.input(ZDeleteLogEntryInput).mutation(async ({ ctx, input }) => {
  await ctx.services.logEntries.delete(ctx.auth.actor, input.id, ctx.meta);
  return { ok: true as const };
});
