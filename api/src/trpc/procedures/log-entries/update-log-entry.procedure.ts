import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZLogTicks, ZLogValues } from './log-entry-input.schema';

export const ZUpdateLogEntryInput = z.object({
  id: z.uuid(),
  tcIn: ZLogTicks.optional(),
  tcOut: ZLogTicks.nullable().optional(),
  values: ZLogValues.optional(),
});
export type TUpdateLogEntryInput = z.infer<typeof ZUpdateLogEntryInput>;

export const updateLogEntryProcedure = authedProcedure
  .input(ZUpdateLogEntryInput)
  .mutation(({ ctx, input }) => ctx.services.logEntries.update(ctx.auth.actor, input, ctx.meta));
