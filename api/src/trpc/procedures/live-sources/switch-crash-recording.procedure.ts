import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSwitchCrashRecordingInput = z.object({ sourceId: z.uuid(), targetSourceId: z.uuid() });
export type TSwitchCrashRecordingInput = z.infer<typeof ZSwitchCrashRecordingInput>;

export const switchCrashRecordingProcedure = authedProcedure
  .input(ZSwitchCrashRecordingInput)
  .mutation(({ ctx, input }) =>
    ctx.services.crashRecordings.switch(ctx.auth.actor, input.sourceId, input.targetSourceId, ctx.meta),
  );
