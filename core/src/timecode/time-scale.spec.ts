import { DEFAULT_FRAME_DURATION, frameDurationTicks, secondsToTicks, ticksToSeconds, TIME_SCALE } from './time-scale';

describe('time scale', () => {
  it('uses 12800 ticks per second and 1/50 s frames', () => {
    expect(TIME_SCALE).toBe(12800);
    expect(DEFAULT_FRAME_DURATION).toEqual({ numerator: 1, denominator: 50 });
  });

  it.each<[{ numerator: number; denominator: number } | undefined, number]>([
    [undefined, 256],
    [{ numerator: 1, denominator: 25 }, 512],
    [{ numerator: 1, denominator: 100 }, 128],
    [{ numerator: 1001, denominator: 30000 }, 427.0933333333333],
  ])('frame %j lasts %p ticks', (duration, ticks) => {
    expect(frameDurationTicks(duration)).toBeCloseTo(ticks, 9);
  });

  it.each<[number, number]>([
    [0, 0],
    [12800, 1],
    [256, 0.02],
    [-6400, -0.5],
    [46_080_000, 3600],
  ])('%p ticks = %p s and back', (ticks, seconds) => {
    expect(ticksToSeconds(ticks)).toBe(seconds);
    expect(secondsToTicks(seconds)).toBe(ticks);
  });

  it('accepts another time scale', () => {
    expect(ticksToSeconds(90_000, 90_000)).toBe(1);
    expect(frameDurationTicks({ numerator: 1, denominator: 25 }, 90_000)).toBe(3600);
  });
});
