import { z } from 'zod';

/** Clips hold at most this many entries: a news story has tens, a long programme a few hundred. */
export const SEQUENCE_MAX_CLIPS = 2000;

const ZFrame = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

/** A clip in frames from the source media's first frame, outFrame exclusive (core's TSequenceClip). */
export const ZSequenceClipFrames = z.object({ itemId: z.uuid(), inFrame: ZFrame, outFrame: ZFrame });

/** A clip in the source's own timecode ('HH:MM:SS:FF', ';' before the frames for drop-frame); out exclusive. */
export const ZSequenceClipTimecodes = z.object({ itemId: z.uuid(), in: z.string().max(20), out: z.string().max(20) });

export const ZSequenceClipInput = z.union([ZSequenceClipFrames, ZSequenceClipTimecodes]);
export type TSequenceClipInputBody = z.infer<typeof ZSequenceClipInput>;

export const ZSequenceClips = z.array(ZSequenceClipInput).max(SEQUENCE_MAX_CLIPS);
