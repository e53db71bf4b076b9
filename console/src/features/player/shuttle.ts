/** The fastest shuttle speed either way; browsers refuse playback rates above 16. */
export const MAX_SHUTTLE_SPEED = 16;

/** L: from a stop or reverse, play forward at 1×; while playing forward, double up to 16×. */
export function shuttleForward(speed: number): number {
  return speed < 1 ? 1 : Math.min(speed * 2, MAX_SHUTTLE_SPEED);
}

/** J: from a stop or forward play, play backwards at 1×; while playing backwards, double up to 16×. */
export function shuttleReverse(speed: number): number {
  return speed > -1 ? -1 : Math.max(speed * 2, -MAX_SHUTTLE_SPEED);
}

/** Space: any motion stops; a stop plays forward at normal speed. */
export function togglePlay(speed: number): number {
  return speed === 0 ? 1 : 0;
}

/**
 * Where reverse playback is after `elapsedSeconds` of wall-clock time at `speed` (negative), never before the start.
 * HTML media cannot play backwards, so the player pauses and seeks to this point on every animation frame.
 */
export function reversePosition(from: number, speed: number, elapsedSeconds: number): number {
  return Math.max(0, from - Math.abs(speed) * elapsedSeconds);
}

/** '2×', '-4×', '0×'. */
export function speedLabel(speed: number): string {
  return `${speed}×`;
}
