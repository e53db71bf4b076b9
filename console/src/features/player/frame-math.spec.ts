import {
  durationTimecode,
  frameAt,
  frameClock,
  frameStart,
  lastFrame,
  seekTimeOfFrame,
  snapToFrame,
  stepFrames,
  timecodeAt,
} from './frame-math';

describe('frameClock', () => {
  it('reads num/den rates', () => {
    expect(frameClock('50/1')).toEqual({
      rate: { numerator: 50, denominator: 1 },
      frameSeconds: 0.02,
      offsetSeconds: 0,
      dropFrame: false,
    });
    expect(frameClock('30000/1001').frameSeconds).toBeCloseTo(1001 / 30000, 12);
  });

  it('falls back to 50 fps for an unreadable rate and to no offset for an unreadable start', () => {
    expect(frameClock('garbage', 'nonsense')).toMatchObject({
      rate: { numerator: 50, denominator: 1 },
      offsetSeconds: 0,
    });
  });

  it('offsets by the start timecode and takes drop-frame from its separator', () => {
    expect(frameClock('25/1', '10:00:00:00').offsetSeconds).toBe(36000);
    expect(frameClock('30000/1001', '01:00:00;00')).toMatchObject({ dropFrame: true });
    expect(frameClock('30000/1001', '01:00:00:00')).toMatchObject({ dropFrame: false });
    // 25 fps has no drop-frame labels: the ';' is a typo, not a request.
    expect(frameClock('25/1', '00:00:00;00').dropFrame).toBe(false);
  });
});

describe('frame maths', () => {
  const pal = frameClock('25/1');
  const ntsc = frameClock('30000/1001');

  it('numbers the frame showing at a time', () => {
    expect(frameAt(0, pal)).toBe(0);
    expect(frameAt(0.039, pal)).toBe(0);
    expect(frameAt(0.04, pal)).toBe(1);
    expect(frameAt(-1, pal)).toBe(0);
    // 0.1 × 30000/1001 = 2.997…: still frame 2; 1001/30000 × 3 s lands exactly on frame 3 despite float error.
    expect(frameAt(0.1, ntsc)).toBe(2);
    expect(frameAt((3 * 1001) / 30000, ntsc)).toBe(3);
  });

  it('places frame starts and the last frame', () => {
    expect(frameStart(25, pal)).toBe(1);
    expect(lastFrame(10, pal)).toBe(249);
    expect(lastFrame(10.01, pal)).toBe(250);
    expect(lastFrame(0, pal)).toBe(0);
  });

  it('seeks to the middle of a frame, inside the media', () => {
    expect(seekTimeOfFrame(1, pal, 10)).toBeCloseTo(0.06, 12);
    expect(seekTimeOfFrame(-5, pal, 10)).toBeCloseTo(0.02, 12);
    expect(seekTimeOfFrame(10_000, pal, 10)).toBeCloseTo(9.98, 12);
  });

  it('steps one frame (1/fps) either way', () => {
    expect(stepFrames(1, 1, pal, 10)).toBeCloseTo(1.06, 12);
    expect(stepFrames(1.06, -1, pal, 10)).toBeCloseTo(1.02, 12);
    expect(frameAt(stepFrames(0, 1, ntsc, 10), ntsc)).toBe(1);
    expect(stepFrames(0, -1, pal, 10)).toBeCloseTo(0.02, 12);
  });

  it('snaps marks to the start of the frame', () => {
    expect(snapToFrame(1.05, pal)).toBeCloseTo(1.04, 12);
  });

  it('labels positions from the start timecode and lengths without it', () => {
    const clock = frameClock('50/1', '10:00:00:00');
    expect(timecodeAt(0, clock)).toBe('10:00:00:00');
    expect(timecodeAt(1.5, clock)).toBe('10:00:01:25');
    expect(durationTimecode(61.5, clock)).toBe('00:01:01:25');
    expect(timecodeAt(60, frameClock('30000/1001', '00:00:00;00'))).toBe('00:00:59;28');
  });
});

describe('durationTimecode of an item (lists and tiles)', () => {
  it.each<[number, string | null, string | null, string]>([
    [2, '25/1', null, '00:00:02:00'],
    [62.5, '25/1', '10:00:00:00', '00:01:02:12'],
    [3723.52, '50/1', null, '01:02:03:26'],
    [60, '30000/1001', '01:00:00;00', '00:00:59;28'],
    [60, '30000/1001', null, '00:00:59:28'],
    [1.5, null, null, '00:00:01:25'],
  ])('%p s at %p (start %p) is %p', (seconds, rate, start, expected) => {
    expect(durationTimecode(seconds, frameClock(rate ?? '', start))).toBe(expected);
  });
});
