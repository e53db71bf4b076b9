import { AppError } from '../errors/app-error';
import { DEFAULT_FPS } from './time-scale';
import { nominalFps, supportsDropFrame, toFrameRate, type FrameRate } from './frame-rate';

/*
 * SMPTE-style timecode 'HH:MM:SS:FF'. Drop-frame timecode is written with ';' before the frames ('00:01:00;02'),
 * the usual convention, and a ';' on input selects drop-frame. Hours do not wrap at 24 because durations use this
 * too. Negative times get a leading '-'.
 */

// Guards against 0.1 × 50 style float error flooring a whole frame away; far below one frame at 1000 fps.
const EPSILON = 1e-6;

interface Layout {
  nominal: number;
  drop: number;
  frameDigits: number;
}

function layout(rate: FrameRate, dropFrame: boolean): Layout {
  const nominal = nominalFps(rate);
  if (dropFrame && !supportsDropFrame(rate)) {
    throw new AppError('INVALID_FRAME_RATE', { params: { frameRate: `${rate.numerator}/${rate.denominator}` } });
  }
  // Two frame numbers are skipped per minute at 29.97, four at 59.94.
  const drop = dropFrame ? (nominal / 30) * 2 : 0;
  return { nominal, drop, frameDigits: Math.max(2, String(nominal - 1).length) };
}

const pad = (value: number, digits: number): string => String(value).padStart(digits, '0');

/** Frame count since zero → timecode label. */
export function framesToTimecode(frames: number, fps: number | FrameRate = DEFAULT_FPS, dropFrame = false): string {
  if (!Number.isSafeInteger(frames)) throw new RangeError(`Frame count must be an integer, got ${frames}`);
  const { nominal, drop, frameDigits } = layout(toFrameRate(fps), dropFrame);
  let count = Math.abs(frames);
  if (drop > 0) {
    // Skip the dropped labels: `drop` at every minute except each tenth.
    const perTenMinutes = nominal * 600 - 9 * drop;
    const perMinute = nominal * 60 - drop;
    const tens = Math.floor(count / perTenMinutes);
    const rest = count % perTenMinutes;
    count += 9 * drop * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const ff = count % nominal;
  const totalSeconds = Math.floor(count / nominal);
  const label = [
    pad(Math.floor(totalSeconds / 3600), 2),
    pad(Math.floor(totalSeconds / 60) % 60, 2),
    pad(totalSeconds % 60, 2),
  ].join(':');
  return `${frames < 0 ? '-' : ''}${label}${drop > 0 ? ';' : ':'}${pad(ff, frameDigits)}`;
}

/** Timecode label → frame count since zero. ';' before the frames means drop-frame. Raises INVALID_TIMECODE. */
export function timecodeToFrames(timecode: string, fps: number | FrameRate = DEFAULT_FPS): number {
  const match = /^(-)?(\d{2,}):(\d{2}):(\d{2})([:;])(\d{2,3})$/.exec(timecode.trim());
  if (!match) throw new AppError('INVALID_TIMECODE', { params: { timecode } });
  const [hh, mm, ss, ff] = [match[2], match[3], match[4], match[6]].map(Number) as [number, number, number, number];
  const { nominal, drop } = layout(toFrameRate(fps), match[5] === ';');
  const droppedLabel = drop > 0 && ss === 0 && ff < drop && mm % 10 !== 0;
  if (mm > 59 || ss > 59 || ff >= nominal || droppedLabel) {
    throw new AppError('INVALID_TIMECODE', { params: { timecode } });
  }
  const totalMinutes = hh * 60 + mm;
  const frames = (totalMinutes * 60 + ss) * nominal + ff - drop * (totalMinutes - Math.floor(totalMinutes / 10));
  return match[1] === '-' ? -frames : frames;
}

/** The frame containing the instant `seconds`, as a timecode. */
export function secondsToTimecode(seconds: number, fps: number | FrameRate = DEFAULT_FPS, dropFrame = false): string {
  if (!Number.isFinite(seconds)) throw new RangeError(`Seconds must be finite, got ${seconds}`);
  const rate = toFrameRate(fps);
  const frames = Math.floor((Math.abs(seconds) * rate.numerator) / rate.denominator + EPSILON);
  return framesToTimecode(seconds < 0 ? -frames : frames, rate, dropFrame);
}

/** Start of the labelled frame in seconds. */
export function timecodeToSeconds(timecode: string, fps: number | FrameRate = DEFAULT_FPS): number {
  const rate = toFrameRate(fps);
  return (timecodeToFrames(timecode, rate) * rate.denominator) / rate.numerator;
}
