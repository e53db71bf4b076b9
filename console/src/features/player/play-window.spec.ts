import { frameClock } from './frame-math';
import {
  clampToWindow,
  playFrom,
  playWindow,
  reachedEnd,
  toMediaTime,
  toWindowTime,
  windowFrameSeekTime,
  windowLength,
} from './play-window';

const clock = frameClock('25/1', '10:00:00:00');
// A virtual clip of frames 50–150 (exclusive) of a 10 s source at 25 fps: 2 s to 6 s.
const clip = playWindow({ startSeconds: 2, durationSeconds: 4 }, 10);
const whole = playWindow(undefined, 10);

describe('playWindow', () => {
  it('spans a range of the media, or all of it', () => {
    expect(clip).toEqual({ startSeconds: 2, endSeconds: 6, ranged: true });
    expect(whole).toEqual({ startSeconds: 0, endSeconds: 10, ranged: false });
    expect(windowLength(clip)).toBe(4);
    expect(windowLength(whole)).toBe(10);
  });

  it('has no end while the length is unknown, and ignores an empty range', () => {
    expect(playWindow(null, 0)).toEqual({ startSeconds: 0, endSeconds: Number.POSITIVE_INFINITY, ranged: false });
    expect(windowLength(playWindow(null, 0))).toBe(0);
    expect(playWindow({ startSeconds: 3, durationSeconds: 0 }, 10).ranged).toBe(false);
  });
});

describe('window time', () => {
  it('clamps seeks to the range', () => {
    expect(clampToWindow(1, clip)).toBe(2);
    expect(clampToWindow(7.5, clip)).toBe(6);
    expect(clampToWindow(3.3, clip)).toBe(3.3);
    expect(clampToWindow(-1, whole)).toBe(0);
  });

  it('maps media time to clip time and back', () => {
    expect(toWindowTime(2, clip)).toBe(0);
    expect(toWindowTime(5, clip)).toBe(3);
    expect(toWindowTime(9, clip)).toBe(4);
    expect(toWindowTime(0.5, clip)).toBe(0);
    expect(toMediaTime(0, clip)).toBe(2);
    expect(toMediaTime(1.5, clip)).toBe(3.5);
    expect(toMediaTime(10, clip)).toBe(6);
    expect(toMediaTime(toWindowTime(4.24, clip), clip)).toBeCloseTo(4.24, 12);
  });

  it('steps frames only within the range', () => {
    expect(windowFrameSeekTime(10, clock, clip)).toBeCloseTo(2.02, 12); // frame 50's middle
    expect(windowFrameSeekTime(75, clock, clip)).toBeCloseTo(3.02, 12);
    expect(windowFrameSeekTime(200, clock, clip)).toBeCloseTo(5.98, 12); // frame 149's middle
    expect(windowFrameSeekTime(-3, clock, whole)).toBeCloseTo(0.02, 12);
    expect(windowFrameSeekTime(400, clock, playWindow(null, 0))).toBeCloseTo(16.02, 12);
  });
});

describe('stopping and replay', () => {
  it('stops at the out point of a range only', () => {
    expect(reachedEnd(5.99, clip)).toBe(false);
    expect(reachedEnd(6, clip)).toBe(true);
    expect(reachedEnd(6.03, clip)).toBe(true);
    expect(reachedEnd(10, whole)).toBe(false);
  });

  it('plays again from the in point once at the last frame or outside the range', () => {
    expect(playFrom(3, clip, clock)).toBe(3);
    expect(playFrom(5.9, clip, clock)).toBe(5.9);
    expect(playFrom(5.98, clip, clock)).toBe(2);
    expect(playFrom(6, clip, clock)).toBe(2);
    expect(playFrom(1, clip, clock)).toBe(2);
    expect(playFrom(9.99, whole, clock)).toBe(0);
    expect(playFrom(4, whole, clock)).toBe(4);
  });
});
