import { formatBytes, formatDate, formatDateTime, formatDay, formatDuration, formatNumber, intlLocale } from './format';

const moment = '2026-03-07T23:30:00Z';

describe('date formatting preferences', () => {
  it('writes ISO and day-first dates in UTC with a marker', () => {
    expect(formatDateTime(moment, 'en', { dateFormat: 'iso', timeZone: 'utc' })).toBe('2026-03-07 23:30 UTC');
    expect(formatDateTime(moment, 'en', { dateFormat: 'dmy', timeZone: 'utc' })).toBe('07.03.2026 23:30 UTC');
    expect(formatDate(moment, 'en', { dateFormat: 'iso', timeZone: 'utc' })).toBe('2026-03-07');
  });

  it('adds seconds where they matter (a timeline), in every format', () => {
    const exact = '2026-03-07T23:30:07Z';
    const utc = { timeZone: 'utc' } as const;
    expect(formatDateTime(exact, 'en', { dateFormat: 'iso', ...utc }, { seconds: true })).toBe(
      '2026-03-07 23:30:07 UTC',
    );
    expect(formatDateTime(exact, 'en', { dateFormat: 'dmy', ...utc }, { seconds: true })).toBe(
      '07.03.2026 23:30:07 UTC',
    );
    expect(formatDateTime(exact, 'en-GB', { dateFormat: 'locale', ...utc }, { seconds: true })).toMatch(/23:30:07/);
    expect(formatDateTime(exact, 'en', { dateFormat: 'iso', ...utc })).toBe('2026-03-07 23:30 UTC');
  });

  it('follows the language when the format is the locale one', () => {
    expect(formatDate(moment, 'en-GB', { dateFormat: 'locale', timeZone: 'utc' })).toBe('7 Mar 2026');
    expect(formatDate(moment, 'fr', { dateFormat: 'locale', timeZone: 'utc' })).toMatch(/^7 mars 2026$/);
  });

  it('never shifts a calendar day by the time zone', () => {
    expect(formatDay('2026-12-31', 'en', { dateFormat: 'iso', timeZone: 'local' })).toBe('2026-12-31');
    expect(formatDay('2026-12-31', 'en', { dateFormat: 'dmy', timeZone: 'utc' })).toBe('31.12.2026');
  });

  it('shows a dash for nothing and for garbage', () => {
    expect(formatDateTime(null, 'en', { dateFormat: 'iso', timeZone: 'utc' })).toBe('—');
    expect(formatDate('not a date', 'en', { dateFormat: 'locale', timeZone: 'local' })).toBe('—');
  });
});

describe('numbers, sizes and durations in the reader’s language', () => {
  it('groups and marks decimals the way each language does', () => {
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5');
    expect(formatNumber(12345.5, 'nb')).toBe('12\u00a0345,5');
    expect(formatNumber(12345.5, 'nn')).toBe('12\u00a0345,5');
    expect(formatNumber(12345.5, 'fr')).toBe('12\u202f345,5');
  });

  it('writes file sizes with the language’s decimal mark and units', () => {
    expect(formatBytes(1536, 'en')).toBe('1.5\u00a0KiB');
    expect(formatBytes(1536, 'nb')).toBe('1,5\u00a0KiB');
    expect(formatBytes(5 * 1024 ** 3, 'fr')).toBe('5,0\u00a0Gio');
  });

  it('writes durations with the language’s short units', () => {
    // ICU picks the kind of non-breaking space per unit; the words and figures are what matter.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatDuration(3900, 'fr'))).toBe('1 h 5 min');
    expect(plain(formatDuration(150, 'nb'))).toBe('2 min 30 sek');
    expect(plain(formatDuration(45, 'en'))).toBe('45 secs');
    expect(plain(formatDuration(3600, 'nn'))).toBe('1 t');
  });

  it('uses the country of each console language for dates', () => {
    expect(intlLocale('nb')).toBe('nb-NO');
    expect(formatDate(moment, 'nb', { dateFormat: 'locale', timeZone: 'utc' })).toBe('7. mars 2026');
    expect(formatDate(moment, 'nn', { dateFormat: 'locale', timeZone: 'utc' })).toBe('7. mars 2026');
  });
});
