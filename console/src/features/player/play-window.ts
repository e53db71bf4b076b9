import { frameAt, frameStart, lastFrame, type TFrameClock } from './frame-math';

/**
 * The part of the media the player keeps to, in media seconds: all of it, or a virtual clip's range of its source.
 * Outside the player everything stays in media seconds (marks, comments, seeks), so a comment made on a clip lands
 * at its source's frame and timecode; only the timeline and the duration count from the window's start.
 */
export interface TPlayWindow {
  startSeconds: number;
  /** Exclusive: the end of the last frame. Infinity while the length is unknown. */
  endSeconds: number;
  /** Set for a virtual clip's range: the player stops at its end itself, the element does not end there. */
  ranged: boolean;
}

/** The window for a playback's range, or the whole media of `durationSeconds` (0 while unknown). */
export function playWindow(
  range: { startSeconds: number; durationSeconds: number } | null | undefined,
  durationSeconds: number,
): TPlayWindow {
  if (range && range.durationSeconds > 0) {
    return { startSeconds: range.startSeconds, endSeconds: range.startSeconds + range.durationSeconds, ranged: true };
  }
  return {
    startSeconds: 0,
    endSeconds: durationSeconds > 0 ? durationSeconds : Number.POSITIVE_INFINITY,
    ranged: false,
  };
}

/** The window's length: what the timeline spans and the duration label shows. */
export function windowLength(window: TPlayWindow): number {
  return Number.isFinite(window.endSeconds) ? window.endSeconds - window.startSeconds : 0;
}

/** A media time kept inside the window: seeks cannot leave it. */
export function clampToWindow(seconds: number, window: TPlayWindow): number {
  return Math.min(Math.max(window.startSeconds, seconds), window.endSeconds);
}

/** Media seconds → the window's own time (0 at its start), kept inside it. */
export function toWindowTime(mediaSeconds: number, window: TPlayWindow): number {
  return clampToWindow(mediaSeconds, window) - window.startSeconds;
}

/** The window's own time (e.g. a point on the timeline) → media seconds. */
export function toMediaTime(windowSeconds: number, window: TPlayWindow): number {
  return clampToWindow(window.startSeconds + windowSeconds, window);
}

/** Where to seek to show `frame` (its middle, as seekTimeOfFrame), kept to the window's first to last frame. */
export function windowFrameSeekTime(frame: number, clock: TFrameClock, window: TPlayWindow): number {
  const first = frameAt(window.startSeconds, clock);
  const last = Number.isFinite(window.endSeconds) ? lastFrame(window.endSeconds, clock) : Number.POSITIVE_INFINITY;
  return frameStart(Math.min(Math.max(first, frame), last) + 0.5, clock);
}

/** Whether forward play has reached the window's end and has to stop there (a ranged window only). */
export function reachedEnd(mediaSeconds: number, window: TPlayWindow): boolean {
  return window.ranged && mediaSeconds >= window.endSeconds;
}

/**
 * Where play starts: from the playhead, or from the window's start when the playhead is at (the last frame of) its
 * end or outside it, so replay goes back to the in point.
 */
export function playFrom(mediaSeconds: number, window: TPlayWindow, clock: TFrameClock): number {
  if (mediaSeconds < window.startSeconds) return window.startSeconds;
  if (Number.isFinite(window.endSeconds) && frameAt(mediaSeconds, clock) >= lastFrame(window.endSeconds, clock)) {
    return window.startSeconds;
  }
  return mediaSeconds;
}
