import { isIsoDateTime, isoDateEndUtc, isoDateStartUtc, utcDateOf, ZIsoDate, ZIsoDateTime } from './iso-date.schema';

describe('isoDateStartUtc', () => {
  it.each<[string, string | null]>([
    ['2025-01-31', '2025-01-31T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2025-02-29', null],
    ['2025-13-01', null],
    ['2025-00-10', null],
    ['2025-1-1', null],
    ['2025-01-01T00:00:00Z', null],
    ['tomorrow', null],
  ])('%j → %p', (date, expected) => {
    const start = isoDateStartUtc(date);
    expect(start === null ? null : new Date(start).toISOString()).toBe(expected);
    expect(ZIsoDate.safeParse(date).success).toBe(expected !== null);
  });

  it('ends at the start of the next day', () => {
    expect(new Date(isoDateEndUtc('2025-12-31') ?? 0).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(isoDateEndUtc('2025-02-30')).toBeNull();
  });

  it('formats today in UTC', () => {
    expect(utcDateOf(new Date('2025-06-30T23:59:59-02:00'))).toBe('2025-07-01');
  });
});

describe('isIsoDateTime', () => {
  it.each<[string, boolean]>([
    ['2025-01-31T12:00:00Z', true],
    ['2025-01-31T12:00:00.123+01:00', true],
    ['0001-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59Z', true],
    ['0000-01-01T00:00:00Z', false],
    ['0001-01-01T00:00:00+01:00', false],
    ['2025-01-31', false],
    ['2025-01-31T12:00:00', false],
  ])('%j → %p', (value, expected) => {
    expect(isIsoDateTime(value)).toBe(expected);
    expect(ZIsoDateTime.safeParse(value).success).toBe(expected);
  });
});
