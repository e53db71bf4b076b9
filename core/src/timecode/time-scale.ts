import type { Rational } from './rational';

/** Ticks per second of the video timeline (spec section 9). */
export const TIME_SCALE = 12_800;
/** Default frame duration in seconds: 1/50 s, i.e. 50 fps (spec section 9). */
export const DEFAULT_FRAME_DURATION: Rational = { numerator: 1, denominator: 50 };
export const DEFAULT_FPS = 50;

/**
 * Length of one frame in ticks: 256 for the default 1/50 s. Not always a whole number (1001/30000 s is
 * 427.09… ticks), so callers that need whole ticks round where they place a frame, not here.
 */
export function frameDurationTicks(frameDuration: Rational = DEFAULT_FRAME_DURATION, timeScale = TIME_SCALE): number {
  return (timeScale * frameDuration.numerator) / frameDuration.denominator;
}

export function ticksToSeconds(ticks: number, timeScale = TIME_SCALE): number {
  return ticks / timeScale;
}

/** Whole ticks nearest to `seconds`. */
export function secondsToTicks(seconds: number, timeScale = TIME_SCALE): number {
  return Math.round(seconds * timeScale);
}
