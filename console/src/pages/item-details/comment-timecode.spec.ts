import { frameClock } from '../../features/player/frame-math';
import { marksToTimecodes, ticksToTimecode, timecodeLabel, timecodeToTicks } from './comment-timecode';

const fifty = frameClock('50/1');
const startingAtTen = frameClock('25/1', '10:00:00:00');
const ntscDrop = frameClock('30000/1001', '00:00:00;00');

describe('comment timecodes', () => {
  it('labels ticks as SMPTE at the media frame rate, from its start timecode', () => {
    expect(ticksToTimecode(0, fifty)).toBe('00:00:00:00');
    expect(ticksToTimecode(25_600 + 256 * 3, fifty)).toBe('00:00:02:03');
    expect(ticksToTimecode(12_800 * 61, startingAtTen)).toBe('10:01:01:00');
    expect(ticksToTimecode(12_800 * 60, ntscDrop)).toBe('00:00:59;28');
  });

  it('labels a point or a range, and nothing without a timecode', () => {
    expect(timecodeLabel(null, null, fifty)).toBeNull();
    expect(timecodeLabel(12_800, null, fifty)).toBe('00:00:01:00');
    expect(timecodeLabel(12_800, 25_600, fifty)).toBe('00:00:01:00 – 00:00:02:00');
  });

  it('reads typed timecodes back to ticks and refuses bad or too early ones', () => {
    expect(timecodeToTicks('00:00:02:03', fifty)).toBe(25_600 + 256 * 3);
    expect(timecodeToTicks('10:01:01:00', startingAtTen)).toBe(12_800 * 61);
    expect(timecodeToTicks('09:59:59:24', startingAtTen)).toBeNull();
    expect(timecodeToTicks('00:00:02:60', fifty)).toBeNull();
    expect(timecodeToTicks('soon', fifty)).toBeNull();
    const ticks = timecodeToTicks('00:00:59;28', ntscDrop)!;
    expect(ticksToTimecode(ticks, ntscDrop)).toBe('00:00:59;28');
  });

  it('turns player marks into a point or a forward range', () => {
    expect(marksToTimecodes({ in: null, out: null })).toEqual({ tcIn: null, tcOut: null });
    expect(marksToTimecodes({ in: 1, out: null })).toEqual({ tcIn: 12_800, tcOut: null });
    expect(marksToTimecodes({ in: null, out: 2 })).toEqual({ tcIn: 25_600, tcOut: null });
    expect(marksToTimecodes({ in: 1, out: 2.5 })).toEqual({ tcIn: 12_800, tcOut: 32_000 });
    expect(marksToTimecodes({ in: 2, out: 2 })).toEqual({ tcIn: 25_600, tcOut: null });
  });
});
