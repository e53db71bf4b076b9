import { AppError } from '../errors/app-error';
import { rationalValue, reduceRational, type Rational } from './rational';

/** Frames per second as a fraction: 50/1, 25/1, 30000/1001 (29.97 NTSC). */
export type FrameRate = Rational;

export const MAX_FRAME_RATE = 1000;

function invalid(text: string): AppError {
  return new AppError('INVALID_FRAME_RATE', { params: { frameRate: text } });
}

function checked(rate: FrameRate, text: string): FrameRate {
  const { numerator, denominator } = rate;
  const whole = Number.isSafeInteger(numerator) && Number.isSafeInteger(denominator);
  if (!whole || numerator <= 0 || denominator <= 0 || numerator / denominator > MAX_FRAME_RATE) throw invalid(text);
  return reduceRational(rate);
}

/**
 * A decimal rate as people write it. Values within rounding of n×1000/1001 (23.976, 23.98, 29.97, 59.94) mean the
 * NTSC rate, because that is what every tool that prints them means; other decimals are taken exactly.
 */
function fromDecimal(value: number, text: string): FrameRate {
  if (Number.isInteger(value)) return checked({ numerator: value, denominator: 1 }, text);
  const nominal = Math.round(value * 1.001);
  if (Math.abs(value - nominal / 1.001) < 0.006) return checked({ numerator: nominal * 1000, denominator: 1001 }, text);
  const decimals = text.split('.')[1]?.length ?? 0;
  const scale = 10 ** Math.min(decimals, 6);
  return checked({ numerator: Math.round(value * scale), denominator: scale }, text);
}

/** Parses '30000/1001', '25', '29.97', '25/1'. Anything else raises INVALID_FRAME_RATE. */
export function parseFrameRate(text: string): FrameRate {
  const trimmed = text.trim();
  const fraction = /^(\d+)\/(\d+)$/.exec(trimmed);
  if (fraction) return checked({ numerator: Number(fraction[1]), denominator: Number(fraction[2]) }, text);
  if (!/^\d+(\.\d+)?$/.test(trimmed)) throw invalid(text);
  return fromDecimal(Number(trimmed), text);
}

/** Accepts a plain number (50, 29.97) or a fraction and returns the fraction. */
export function toFrameRate(rate: number | FrameRate): FrameRate {
  if (typeof rate === 'number') {
    if (!Number.isFinite(rate)) throw invalid(String(rate));
    return fromDecimal(rate, String(rate));
  }
  return checked(rate, `${rate.numerator}/${rate.denominator}`);
}

/** Frame rate of a frame duration in seconds (1/50 s → 50 fps). */
export function frameRateOfDuration(frameDuration: Rational): FrameRate {
  return toFrameRate({ numerator: frameDuration.denominator, denominator: frameDuration.numerator });
}

/** Whether two rates are the same rate, whatever their written form (50/2 and 25/1). */
export function sameFrameRate(a: FrameRate, b: FrameRate): boolean {
  return a.numerator * b.denominator === b.numerator * a.denominator;
}

/** The rate as people read it: '25', '29.97', '23.98'. */
export function frameRateLabel(rate: FrameRate): string {
  return String(Math.round(frameRateValue(rate) * 100) / 100);
}

export function frameRateValue(rate: FrameRate): number {
  return rationalValue(rate);
}

/** The whole number of frame labels per timecode second: 30 for 29.97, 50 for 50. */
export function nominalFps(rate: FrameRate): number {
  return Math.round(frameRateValue(rate));
}

/** Drop-frame timecode exists only for the NTSC rates: 30000/1001 and its multiples (59.94, …). */
export function supportsDropFrame(rate: FrameRate): boolean {
  const { numerator, denominator } = reduceRational(rate);
  return denominator === 1001 && numerator % 30000 === 0;
}
