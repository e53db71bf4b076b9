import { secondsToTicks, secondsToTimecode, ticksToSeconds, timecodeToSeconds } from '@mam/core';
import type { TFrameClock } from '../../features/player/frame-math';
import type { TMarks } from '../../features/player/marks';

/** Comments store ticks of 1/12800 s from the media start; people read and type SMPTE with the start timecode. */
export function ticksToTimecode(ticks: number, clock: TFrameClock): string {
  return secondsToTimecode(ticksToSeconds(ticks) + clock.offsetSeconds, clock.rate, clock.dropFrame);
}

/** 'in' or 'in – out'; null for a comment without a timecode. */
export function timecodeLabel(tcIn: number | null, tcOut: number | null, clock: TFrameClock): string | null {
  if (tcIn === null) return null;
  const start = ticksToTimecode(tcIn, clock);
  return tcOut === null ? start : `${start} – ${ticksToTimecode(tcOut, clock)}`;
}

/** A typed timecode as ticks from the media start; null when it does not parse or lies before the media start. */
export function timecodeToTicks(text: string, clock: TFrameClock): number | null {
  let seconds: number;
  try {
    seconds = timecodeToSeconds(text, clock.rate) - clock.offsetSeconds;
  } catch {
    return null;
  }
  // Float error from the start-timecode offset must not push the first frame below zero.
  if (seconds < -1e-6) return null;
  return Math.max(0, secondsToTicks(seconds));
}

/** The player's in and out marks (media seconds) as a comment timecode; a lone mark is a point, not a range. */
export function marksToTimecodes(marks: TMarks): { tcIn: number | null; tcOut: number | null } {
  const points = [marks.in, marks.out].filter((s): s is number => s !== null);
  if (points.length === 0) return { tcIn: null, tcOut: null };
  const tcIn = secondsToTicks(points[0]!);
  const tcOut = points.length === 2 ? secondsToTicks(points[1]!) : null;
  return { tcIn, tcOut: tcOut !== null && tcOut > tcIn ? tcOut : null };
}
