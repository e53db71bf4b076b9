import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZStopCrashRecordingInput = z.object({ sourceId: z.uuid() });
export type TStopCrashRecordingInput = z.infer<typeof ZStopCrashRecordingInput>;

export const stopCrashRecordingProcedure = authedProcedure
  .input(ZStopCrashRecordingInput)
  .mutation(({ ctx, input }) => ctx.services.crashRecordings.stop(ctx.auth.actor, input.sourceId, ctx.meta));
