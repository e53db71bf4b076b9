import { formatDurationWords, type DurationTranslate } from './duration-words';

describe('formatDurationWords', () => {
  it.each<[number, string]>([
    [0, '0 seconds'],
    [0.4, '0 seconds'],
    [0.6, '1 second'],
    [1, '1 second'],
    [2, '2 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '1 minute 1 second'],
    [120, '2 minutes'],
    [3600, '1 hour'],
    [3601, '1 hour 1 second'],
    [3723, '1 hour 2 minutes 3 seconds'],
    [7322, '2 hours 2 minutes 2 seconds'],
    [90_000, '25 hours'],
    [3599.6, '1 hour'],
  ])('%p s → %j', (seconds, expected) => {
    expect(formatDurationWords(seconds)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %p', (seconds) => {
    expect(() => formatDurationWords(seconds)).toThrow(RangeError);
  });

  it('uses the given translate function with i18next-style keys and counts', () => {
    const calls: Array<[string, number]> = [];
    const t: DurationTranslate = (key, { count }) => {
      calls.push([key, count]);
      return `${count}${key.slice(9, 10)}`;
    };
    expect(formatDurationWords(3723, t)).toBe('1h 2m 3s');
    expect(formatDurationWords(0, t)).toBe('0s');
    expect(calls).toEqual([
      ['duration.hours', 1],
      ['duration.minutes', 2],
      ['duration.seconds', 3],
      ['duration.seconds', 0],
    ]);
  });
});
