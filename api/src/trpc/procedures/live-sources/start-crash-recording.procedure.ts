import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZStartCrashRecordingInput = z.object({
  sourceId: z.uuid(),
  /** The upload location the recording's high res is rendered to; the organisation's default when absent. */
  renderLocationId: z.uuid().nullish(),
});
export type TStartCrashRecordingInput = z.infer<typeof ZStartCrashRecordingInput>;

export const startCrashRecordingProcedure = authedProcedure
  .input(ZStartCrashRecordingInput)
  .mutation(({ ctx, input }) =>
    ctx.services.crashRecordings.start(ctx.auth.actor, input.sourceId, ctx.meta, {
      renderLocationId: input.renderLocationId,
    }),
  );
