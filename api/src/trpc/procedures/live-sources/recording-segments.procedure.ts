import { z } from 'zod';
import { recordingStreams } from '../../../services/live/recording-segments.service';
import { authedProcedure } from '../../trpc';

export const ZRecordingSegmentsInput = z.object({ itemId: z.uuid(), stream: z.enum(recordingStreams) });
export type TRecordingSegmentsInput = z.infer<typeof ZRecordingSegmentsInput>;

export const recordingSegmentsProcedure = authedProcedure
  .input(ZRecordingSegmentsInput)
  .query(({ ctx, input }) => ctx.services.recordingSegments.list(ctx.auth.actor, input.itemId, input.stream));
