import {
  durationUnitFor,
  fractionToPercent,
  fromMinutes,
  languageOptions,
  percentToFraction,
  toMinutes,
} from './tenant-config.controls';

describe('languageOptions', () => {
  it('names each language in the interface language, with its code', () => {
    const english = languageOptions('en', []);
    expect(english).toContainEqual({ value: 'nb', label: 'Norwegian Bokmål (nb)' });
    expect(english).toContainEqual({ value: 'fr', label: 'French (fr)' });
    const french = languageOptions('fr', []);
    expect(french).toContainEqual({ value: 'de', label: 'allemand (de)' });
  });

  it('keeps a stored code that is not in the list, and lists each code once', () => {
    const options = languageOptions('en', ['mi', 'nb', null]);
    expect(options.filter((o) => o.value === 'mi')).toHaveLength(1);
    expect(options.filter((o) => o.value === 'nb')).toHaveLength(1);
  });

  it('is sorted by name', () => {
    const labels = languageOptions('en', []).map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('durations', () => {
  it.each<[number, 'minutes' | 'hours']>([
    [60, 'hours'],
    [120, 'hours'],
    [1440, 'hours'],
    [90, 'minutes'],
    [45, 'minutes'],
  ])('%i minutes read in %s', (minutes, unit) => {
    expect(durationUnitFor(minutes)).toBe(unit);
  });

  it('converts between the unit shown and the minutes stored', () => {
    expect(fromMinutes(120, 'hours')).toBe(2);
    expect(toMinutes(1.5, 'hours')).toBe(90);
    expect(toMinutes(45, 'minutes')).toBe(45);
    expect(toMinutes(Number.NaN, 'hours')).toBeNaN();
  });
});

describe('percentages', () => {
  it.each([0, 0.29, 0.8, 0.955, 1])('%f round-trips', (fraction) => {
    expect(percentToFraction(fractionToPercent(fraction))).toBe(fraction);
  });

  it('shows 0.29 as 29', () => {
    expect(fractionToPercent(0.29)).toBe(29);
  });
});
