import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZLogFormId, ZLogTicks, ZLogValues } from './log-entry-input.schema';

export const ZCreateLogEntryInput = z.object({
  itemId: z.uuid(),
  formId: ZLogFormId,
  tcIn: ZLogTicks,
  tcOut: ZLogTicks.nullable().optional(),
  values: ZLogValues.optional(),
});
export type TCreateLogEntryInput = z.infer<typeof ZCreateLogEntryInput>;

export const createLogEntryProcedure = authedProcedure
  .input(ZCreateLogEntryInput)
  .mutation(({ ctx, input }) => ctx.services.logEntries.create(ctx.auth.actor, input, ctx.meta));
