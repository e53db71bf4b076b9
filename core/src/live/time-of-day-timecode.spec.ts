import { timeOfDayTimecode } from './time-of-day-timecode';

describe('timeOfDayTimecode', () => {
  it('is the wall clock of the organisation’s time zone with the frame of the second', () => {
    const at = new Date('2026-11-28T09:15:42.480Z');
    expect(timeOfDayTimecode(at, 'Europe/Oslo', 25)).toBe('10:15:42:12');
    expect(timeOfDayTimecode(at, 'UTC', 25)).toBe('09:15:42:12');
    expect(timeOfDayTimecode(at, 'UTC', 29.97)).toBe('09:15:42:14');
  });

  it('never names a frame past the last of the second, and writes midnight as 00', () => {
    expect(timeOfDayTimecode(new Date('2026-11-28T23:59:59.999Z'), 'UTC', 50)).toBe('23:59:59:49');
    expect(timeOfDayTimecode(new Date('2026-11-28T00:00:00.000Z'), 'UTC', 25)).toBe('00:00:00:00');
  });
});
