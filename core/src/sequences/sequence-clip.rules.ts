import { AppError } from '../errors/app-error';
import { frameRateLabel, parseFrameRate, sameFrameRate, type FrameRate } from '../timecode/frame-rate';
import { framesToTimecode, timecodeToFrames } from '../timecode/timecode';
import type { TSequenceClip } from './sequence.types';

/** A clip as a client gives it: frames from the media's first frame, or timecodes in the source's own timecode. */
export type TSequenceClipInput = TSequenceClip | { itemId: string; in: string; out: string };

/** What the clip rules need to know of a clip's source item (its leading version's media). */
export interface TClipSource {
  itemId: string;
  itemType: string;
  /** 'num/den'; null when the media has no video stream or is not probed yet. */
  frameRate: string | null;
  timecodeStart: string | null;
  /** Frames of the whole media; null when unknown. */
  frames: number | null;
}

export const ZERO_TIMECODE = '00:00:00:00';

/**
 * Frames of a video: the count ffprobe read from the stream when it gave one, else its duration at its rate (a
 * container's duration may end mid-frame, so rounded down to whole frames).
 */
export function mediaFrameCount(
  durationSeconds: number | null,
  frameRate: string | null,
  probedFrames: number | null = null,
): number | null {
  if (probedFrames !== null && probedFrames > 0) return probedFrames;
  if (durationSeconds === null || !frameRate) return null;
  const rate = parseFrameRate(frameRate);
  return Math.floor((durationSeconds * rate.numerator) / rate.denominator + 1e-6);
}

/** The source's first timecode written out in full ('00:00:00:00' when it has none), so clients read one form. */
export function sourceTimecodeStartOf(timecodeStart: string | null, rate: FrameRate): string {
  if (!timecodeStart) return ZERO_TIMECODE;
  const dropFrame = timecodeStart.includes(';');
  return framesToTimecode(timecodeToFrames(timecodeStart, rate), rate, dropFrame);
}

/**
 * Spec section 5: 'All items must be video to be added to a sequence'; a video without a known rate or length too. A
 * live recording is a video while it grows: its frames so far may be cut (edit while record).
 */
export function assertSequenceSource(
  source: TClipSource,
): asserts source is TClipSource & { frameRate: string; frames: number } {
  const video = source.itemType === 'video' || source.itemType === 'live';
  if (!video || !source.frameRate || !source.frames || source.frames <= 0) {
    throw new AppError('SEQUENCE_ITEM_NOT_VIDEO', { params: { itemId: source.itemId } });
  }
}

function rangeError(itemId: string): AppError {
  return new AppError('SEQUENCE_CLIP_RANGE_INVALID', { params: { itemId } });
}

/** A timecode of the source's timecode as a frame of its media; INVALID_TIMECODE when it is not one. */
function frameOfTimecode(timecode: string, source: { frameRate: string; timecodeStart: string | null }): number {
  const rate = parseFrameRate(source.frameRate);
  const start = source.timecodeStart ? timecodeToFrames(source.timecodeStart, rate) : 0;
  return timecodeToFrames(timecode, rate) - start;
}

/**
 * A clip in frames of its source, checked: the source is a video and the range holds at least one frame and lies
 * inside the media (outFrame exclusive).
 */
export function resolveSequenceClip(input: TSequenceClipInput, source: TClipSource): TSequenceClip {
  assertSequenceSource(source);
  const [inFrame, outFrame] =
    'in' in input
      ? [frameOfTimecode(input.in, source), frameOfTimecode(input.out, source)]
      : [input.inFrame, input.outFrame];
  if (!Number.isSafeInteger(inFrame) || !Number.isSafeInteger(outFrame)) throw rangeError(source.itemId);
  if (inFrame < 0 || outFrame <= inFrame || outFrame > source.frames) throw rangeError(source.itemId);
  return { itemId: source.itemId, inFrame, outFrame };
}

/** Frames of a list of clips. */
export function totalClipFrames(clips: readonly TSequenceClip[]): number {
  return clips.reduce((sum, clip) => sum + (clip.outFrame - clip.inFrame), 0);
}

/**
 * Every clip of a sequence has the rate of its first: clips are cut and rendered frame for frame, and a clip of another
 * rate would have to be conformed (frames repeated or dropped), which is what an editor must decide, not the cutter.
 */
export function assertOneFrameRate(sources: ReadonlyArray<{ itemId: string; frameRate: string }>): void {
  const first = sources[0];
  if (!first) return;
  const rate = parseFrameRate(first.frameRate);
  const other = sources.find((source) => !sameFrameRate(parseFrameRate(source.frameRate), rate));
  if (other) {
    throw new AppError('SEQUENCE_FRAME_RATE_MISMATCH', {
      params: {
        itemId: other.itemId,
        frameRate: frameRateLabel(parseFrameRate(other.frameRate)),
        sequenceFrameRate: frameRateLabel(rate),
      },
    });
  }
}
