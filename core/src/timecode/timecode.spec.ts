import { catchAppError } from '../testing/catch-app-error';
import type { FrameRate } from './frame-rate';
import { framesToTimecode, secondsToTimecode, timecodeToFrames, timecodeToSeconds } from './timecode';

const NTSC: FrameRate = { numerator: 30000, denominator: 1001 };
const NTSC60: FrameRate = { numerator: 60000, denominator: 1001 };

describe('secondsToTimecode', () => {
  it.each<[number, number | FrameRate | undefined, boolean, string]>([
    [0, undefined, false, '00:00:00:00'],
    [1, undefined, false, '00:00:01:00'],
    [0.02, undefined, false, '00:00:00:01'],
    [0.1, undefined, false, '00:00:00:05'],
    [1.14, undefined, false, '00:00:01:07'],
    [0.039, undefined, false, '00:00:00:01'],
    [3723.5, undefined, false, '01:02:03:25'],
    [3723.5, 25, false, '01:02:03:12'],
    [90_000, 50, false, '25:00:00:00'],
    [-1.5, 50, false, '-00:00:01:25'],
    [1, 100, false, '00:00:01:00'],
    [1.01, 120, false, '00:00:01:001'],
    [60, NTSC, false, '00:00:59:28'],
    // Drop-frame matches the wall clock only at every tenth minute; at one minute it is still 1.8 frames behind.
    [60, NTSC, true, '00:00:59;28'],
    [600, NTSC, true, '00:10:00;00'],
    [3600, NTSC, true, '01:00:00;00'],
    [600, 29.97, true, '00:10:00;00'],
    [60, NTSC60, true, '00:00:59;56'],
    [600, NTSC60, true, '00:10:00;00'],
  ])('%p s at %j fps, drop %p → %s', (seconds, fps, dropFrame, expected) => {
    expect(secondsToTimecode(seconds, fps, dropFrame)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %p', (seconds) => {
    expect(() => secondsToTimecode(seconds)).toThrow(RangeError);
  });

  it.each([25, 50, 24, { numerator: 24000, denominator: 1001 }])('refuses drop-frame at %j', (fps) => {
    expect(catchAppError(() => secondsToTimecode(1, fps, true)).code).toBe('INVALID_FRAME_RATE');
  });
});

describe('drop-frame labels', () => {
  it.each<[number, FrameRate, string]>([
    [1799, NTSC, '00:00:59;29'],
    [1800, NTSC, '00:01:00;02'],
    [1801, NTSC, '00:01:00;03'],
    [3597, NTSC, '00:01:59;29'],
    [3598, NTSC, '00:02:00;02'],
    [17981, NTSC, '00:09:59;29'],
    [17982, NTSC, '00:10:00;00'],
    [17983, NTSC, '00:10:00;01'],
    [19781, NTSC, '00:10:59;29'],
    [19782, NTSC, '00:11:00;02'],
    [107892, NTSC, '01:00:00;00'],
    [3599, NTSC60, '00:00:59;59'],
    [3600, NTSC60, '00:01:00;04'],
  ])('frame %p → %s', (frames, fps, expected) => {
    expect(framesToTimecode(frames, fps, true)).toBe(expected);
    expect(timecodeToFrames(expected, fps)).toBe(frames);
  });
});

describe('timecodeToSeconds', () => {
  it.each<[string, number | FrameRate | undefined, number]>([
    ['00:00:00:00', undefined, 0],
    ['00:00:01:25', undefined, 1.5],
    ['01:02:03:25', undefined, 3723.5],
    [' 01:02:03:12 ', 25, 3723.48],
    ['100:00:00:00', 50, 360_000],
    ['-00:00:01:25', 50, -1.5],
    ['00:01:00;02', NTSC, (1800 * 1001) / 30000],
    ['00:01:00:00', NTSC, (1800 * 1001) / 30000],
    ['00:00:01:001', 120, 1 + 1 / 120],
  ])('%j at %j fps → %p s', (timecode, fps, expected) => {
    expect(timecodeToSeconds(timecode, fps)).toBeCloseTo(expected, 9);
  });

  it.each<[string, number | FrameRate]>([
    ['', 50],
    ['1:02:03:04', 50],
    ['00:60:00:00', 50],
    ['00:00:60:00', 50],
    ['00:00:00:50', 50],
    ['00:00:00:25', 25],
    ['00:00:00:0', 50],
    ['00-00-00-00', 50],
    ['00:01:00;00', NTSC],
    ['00:01:00;01', NTSC],
    ['00:02:00;03', NTSC60],
    ['00:00:00:00 x', 50],
  ])('rejects %j at %j fps', (timecode, fps) => {
    const error = catchAppError(() => timecodeToSeconds(timecode, fps));
    expect([error.code, error.message]).toEqual(['INVALID_TIMECODE', 'Invalid timecode']);
  });

  it('refuses a drop-frame separator at a rate without drop-frame', () => {
    expect(catchAppError(() => timecodeToSeconds('00:00:01;00', 25)).code).toBe('INVALID_FRAME_RATE');
  });
});

describe('round trips', () => {
  const rates: Array<[string, number | FrameRate, boolean]> = [
    ['50', 50, false],
    ['25', 25, false],
    ['30000/1001 NDF', NTSC, false],
    ['30000/1001 DF', NTSC, true],
    ['60000/1001 DF', NTSC60, true],
  ];
  // Dense near zero and around the minute and ten-minute boundaries, then sparse up to a day.
  const frames = [
    ...Array.from({ length: 4000 }, (_, index) => index),
    ...Array.from({ length: 400 }, (_, index) => 17_800 + index),
    ...Array.from({ length: 200 }, (_, index) => index * 25_919 + 7),
  ];

  it.each(rates)('frames → timecode → frames at %s', (_name, fps, dropFrame) => {
    const failures = frames.filter((n) => timecodeToFrames(framesToTimecode(n, fps, dropFrame), fps) !== n);
    expect(failures).toEqual([]);
  });

  it.each(rates)('timecode → seconds → timecode at %s', (_name, fps, dropFrame) => {
    const failures = frames.filter((n) => {
      const timecode = framesToTimecode(n, fps, dropFrame);
      return secondsToTimecode(timecodeToSeconds(timecode, fps), fps, dropFrame) !== timecode;
    });
    expect(failures).toEqual([]);
  });

  it('labels are strictly increasing (no repeats or gaps in frame order)', () => {
    const labels = frames.slice(0, 4000).map((n) => framesToTimecode(n, NTSC, true));
    expect(new Set(labels).size).toBe(labels.length);
    expect([...labels].sort()).toEqual(labels);
  });
});
