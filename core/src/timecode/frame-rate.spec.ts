import { catchAppError } from '../testing/catch-app-error';
import {
  frameRateOfDuration,
  nominalFps,
  parseFrameRate,
  supportsDropFrame,
  toFrameRate,
  type FrameRate,
} from './frame-rate';

const rate = (numerator: number, denominator = 1): FrameRate => ({ numerator, denominator });

describe('parseFrameRate', () => {
  it.each<[string, FrameRate]>([
    ['30000/1001', rate(30000, 1001)],
    ['60000/1001', rate(60000, 1001)],
    ['24000/1001', rate(24000, 1001)],
    ['50/2', rate(25)],
    ['25/1', rate(25)],
    ['25', rate(25)],
    [' 50 ', rate(50)],
    ['29.97', rate(30000, 1001)],
    ['59.94', rate(60000, 1001)],
    ['23.976', rate(24000, 1001)],
    ['23.98', rate(24000, 1001)],
    ['12.5', rate(25, 2)],
    ['25.0', rate(25)],
  ])('%j → %j', (text, expected) => {
    expect(parseFrameRate(text)).toEqual(expected);
  });

  it.each(['', 'abc', '0', '0/1', '30/0', '-25', '25fps', '1/2/3', '30000/1001.5', '1001', '1e3'])(
    'rejects %j',
    (text) => {
      const error = catchAppError(() => parseFrameRate(text));
      expect([error.code, error.message]).toEqual(['INVALID_FRAME_RATE', 'Invalid frame rate']);
    },
  );
});

describe('toFrameRate', () => {
  it.each<[number | FrameRate, FrameRate]>([
    [50, rate(50)],
    [29.97, rate(30000, 1001)],
    [rate(60, 2), rate(30)],
  ])('%j → %j', (input, expected) => {
    expect(toFrameRate(input)).toEqual(expected);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %p', (input) => {
    expect(catchAppError(() => toFrameRate(input)).code).toBe('INVALID_FRAME_RATE');
  });
});

describe('frame rate helpers', () => {
  it.each<[FrameRate, number, boolean]>([
    [rate(50), 50, false],
    [rate(25), 25, false],
    [rate(30), 30, false],
    [rate(30000, 1001), 30, true],
    [rate(60000, 1001), 60, true],
    [rate(24000, 1001), 24, false],
  ])('%j: nominal %p, drop-frame %p', (input, nominal, drop) => {
    expect(nominalFps(input)).toBe(nominal);
    expect(supportsDropFrame(input)).toBe(drop);
  });

  it('inverts a frame duration', () => {
    expect(frameRateOfDuration({ numerator: 1, denominator: 50 })).toEqual(rate(50));
    expect(frameRateOfDuration({ numerator: 1001, denominator: 30000 })).toEqual(rate(30000, 1001));
  });
});
