import { formatDate, formatDateTime, formatDay } from './format';

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
