import { parseFrameRate } from '../timecode/frame-rate';
import { framesToTimecode, timecodeToFrames } from '../timecode/timecode';

/**
 * The part of the media a player keeps to: a virtual clip's range of its source. Seconds are media seconds of the
 * source (from its first frame); `timecodeIn` is the source's timecode of the range's first frame, so the player's
 * labels read in the source's timecode.
 */
export interface TPlaybackRange {
  inFrame: number;
  /** Exclusive. */
  outFrame: number;
  startSeconds: number;
  durationSeconds: number;
  timecodeIn: string;
}

/** The playback range of a virtual clip's frames, in its source media's rate and timecode. */
export function playbackRange(
  range: { inFrame: number; outFrame: number },
  media: { frameRate: string | null; timecodeStart: string | null },
): TPlaybackRange | null {
  if (!media.frameRate) return null;
  const rate = parseFrameRate(media.frameRate);
  const seconds = (frames: number) => (frames * rate.denominator) / rate.numerator;
  const start = media.timecodeStart ? timecodeToFrames(media.timecodeStart, rate) : 0;
  const dropFrame = media.timecodeStart?.includes(';') ?? false;
  return {
    inFrame: range.inFrame,
    outFrame: range.outFrame,
    startSeconds: seconds(range.inFrame),
    durationSeconds: seconds(range.outFrame - range.inFrame),
    timecodeIn: framesToTimecode(start + range.inFrame, rate, dropFrame),
  };
}
