import { parseBooleanValue, parseDateValue, parseNumberValue } from './query.values';

function iso(text: string) {
  const period = parseDateValue(text);
  return period && { start: period.start.toISOString(), end: period.end?.toISOString() ?? null };
}

describe('parseDateValue', () => {
  it.each([
    ['2024', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
    ['2024-02', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['2024-12', '2024-12-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['2024-12-31', '2024-12-31T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
    ['0099-06-01', '0099-06-01T00:00:00.000Z', '0099-06-02T00:00:00.000Z'],
    ['0001', '0001-01-01T00:00:00.000Z', '0002-01-01T00:00:00.000Z'],
  ])('takes %s for a period', (text, start, end) => {
    expect(iso(text)).toEqual({ start, end });
  });

  it.each([
    ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T10:00Z', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T10:00:00', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01t10:00:00z', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T10:00:00.25Z', '2024-05-01T10:00:00.250Z'],
    ['2024-05-01T10:00:00.123456789Z', '2024-05-01T10:00:00.123Z'],
    ['2024-05-01T01:30:00+02:00', '2024-04-30T23:30:00.000Z'],
    ['2024-05-01T22:00:00-0330', '2024-05-02T01:30:00.000Z'],
  ])('takes %s for an instant', (text, start) => {
    expect(iso(text)).toEqual({ start, end: null });
  });

  it.each([
    'soon',
    '24',
    '20240',
    '2024-13',
    '2024-00',
    '2023-02-29',
    '2024-04-31',
    '2024-5-1',
    '2024-05-01T24:00:00Z',
    '2024-05-01T10:60Z',
    '2024-05-01T10:00:00+15:00',
    '2024-05-01 10:00',
    // Before the year 1: PostgreSQL refuses these.
    '0000',
    '0000-01',
    '0000-01-01',
    '0000-12-31T23:00:00Z',
    '0001-01-01T00:30:00+01:00',
  ])('rejects %j', (text) => {
    expect(parseDateValue(text)).toBeNull();
  });
});

describe('parseNumberValue', () => {
  it.each([
    ['5', 5],
    ['-2.5', -2.5],
    ['+3', 3],
    ['.5', 0.5],
    ['007', 7],
  ])('reads %s', (text, value) => {
    expect(parseNumberValue(text)).toBe(value);
  });

  it.each(['', '1e3', '1,000', '5.', 'five', '--1', '0x10', 'Infinity'])('rejects %j', (text) => {
    expect(parseNumberValue(text)).toBeNull();
  });
});

describe('parseBooleanValue', () => {
  it('reads true and false in any case, nothing else', () => {
    expect([parseBooleanValue('true'), parseBooleanValue('FALSE'), parseBooleanValue('yes')]).toEqual([
      true,
      false,
      null,
    ]);
  });
});
