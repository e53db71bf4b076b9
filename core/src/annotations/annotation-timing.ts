import { ticksToSeconds } from '../timecode/time-scale';

/** Float error guard when turning seconds into frame numbers; far below one frame at any real rate. */
const EPSILON = 1e-6;

export interface TTimedAnnotation {
  /** Ticks of 1/12800 s from the media start; null: the comment has no timecode. */
  tcIn: number | null;
  tcOut: number | null;
}

function frameOf(seconds: number, frameSeconds: number): number {
  return Math.floor(Math.max(0, seconds) / frameSeconds + EPSILON);
}

/**
 * Whether a comment's drawing shows on the frame at `seconds` (media time): from one frame before to one frame
 * after its in point, so stepping or a paused player a frame off still shows it, or over its whole in–out range.
 */
export function annotationShowsAt(comment: TTimedAnnotation, seconds: number, frameSeconds: number): boolean {
  if (comment.tcIn === null || !(frameSeconds > 0)) return false;
  const now = frameOf(seconds, frameSeconds);
  const first = frameOf(ticksToSeconds(comment.tcIn), frameSeconds);
  if (comment.tcOut === null) return Math.abs(now - first) <= 1;
  const last = frameOf(ticksToSeconds(comment.tcOut), frameSeconds);
  return now >= first && now <= last;
}
