import {
  DEFAULT_FPS,
  parseFrameRate,
  secondsToTimecode,
  supportsDropFrame,
  timecodeToSeconds,
  type FrameRate,
} from '@mam/core';

/** Float error guard when turning seconds into frame numbers; far below one frame at any real rate. */
const EPSILON = 1e-6;

/** How the player counts frames and labels time for one piece of media. */
export interface TFrameClock {
  rate: FrameRate;
  /** Seconds per frame. */
  frameSeconds: number;
  /** The media's own start timecode in seconds; added to every label. */
  offsetSeconds: number;
  dropFrame: boolean;
}

/**
 * `frameRate` is 'num/den' from the probe. An unreadable rate falls back to the house default (50 fps) and an
 * unreadable start timecode to none, so a bad probe value never stops playback. A ';' in the start timecode selects
 * drop-frame labels, where the rate has them.
 */
export function frameClock(frameRate: string, timecodeStart?: string | null): TFrameClock {
  let rate: FrameRate = { numerator: DEFAULT_FPS, denominator: 1 };
  try {
    rate = parseFrameRate(frameRate);
  } catch {
    // keep the default
  }
  const dropFrame = !!timecodeStart && timecodeStart.includes(';') && supportsDropFrame(rate);
  let offsetSeconds = 0;
  if (timecodeStart) {
    try {
      offsetSeconds = timecodeToSeconds(timecodeStart, rate);
    } catch {
      offsetSeconds = 0;
    }
  }
  return { rate, frameSeconds: rate.denominator / rate.numerator, offsetSeconds, dropFrame };
}

/** The number of the frame showing at `seconds` (0-based). */
export function frameAt(seconds: number, clock: TFrameClock): number {
  return Math.floor((Math.max(0, seconds) * clock.rate.numerator) / clock.rate.denominator + EPSILON);
}

/** When frame `frame` starts, in seconds. */
export function frameStart(frame: number, clock: TFrameClock): number {
  return (frame * clock.rate.denominator) / clock.rate.numerator;
}

/** The last whole frame of media lasting `durationSeconds`. */
export function lastFrame(durationSeconds: number, clock: TFrameClock): number {
  return Math.max(0, Math.ceil((durationSeconds * clock.rate.numerator) / clock.rate.denominator - EPSILON) - 1);
}

/**
 * Where to seek to show `frame`: its middle, so float rounding of the media clock can never land on the frame
 * before it.
 */
export function seekTimeOfFrame(frame: number, clock: TFrameClock, durationSeconds: number): number {
  const clamped = Math.min(Math.max(0, frame), lastFrame(durationSeconds, clock));
  return frameStart(clamped + 0.5, clock);
}

/** Seek target `delta` frames away from the frame showing at `seconds`, kept inside the media. */
export function stepFrames(seconds: number, delta: number, clock: TFrameClock, durationSeconds: number): number {
  return seekTimeOfFrame(frameAt(seconds, clock) + delta, clock, durationSeconds);
}

/** The start of the frame showing at `seconds`: what a mark records. */
export function snapToFrame(seconds: number, clock: TFrameClock): number {
  return frameStart(frameAt(seconds, clock), clock);
}

/** SMPTE label of the frame at media time `seconds`, counted from the media's start timecode. */
export function timecodeAt(seconds: number, clock: TFrameClock): string {
  return secondsToTimecode(Math.max(0, seconds) + clock.offsetSeconds, clock.rate, clock.dropFrame);
}

/** A length (not a position) as timecode: no start offset. */
export function durationTimecode(durationSeconds: number, clock: TFrameClock): string {
  return secondsToTimecode(Math.max(0, durationSeconds), clock.rate, clock.dropFrame);
}
