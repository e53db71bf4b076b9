import { initialFieldValue, initialFormValues, localDatePlusDays } from './field-initialization';
import { fieldInput, form } from './forms.fixtures';

const now = new Date('2025-03-30T23:30:00Z');

describe('localDatePlusDays', () => {
  it.each<[number, string | undefined, string]>([
    [0, undefined, '2025-03-30'],
    [0, 'UTC', '2025-03-30'],
    [0, 'Europe/Oslo', '2025-03-31'],
    [0, 'America/New_York', '2025-03-30'],
    [2, 'Europe/Oslo', '2025-04-02'],
    [-31, 'UTC', '2025-02-27'],
    [366, 'UTC', '2026-03-31'],
  ])('today + %i in %s is %s', (days, timeZone, expected) => {
    expect(localDatePlusDays(now, days, timeZone)).toBe(expected);
  });
});

describe('initialization rules', () => {
  const subject = form({
    fields: [
      fieldInput('airDate', { type: 'Date', initializationRules: [{ type: 'dateOffset', offsetDays: 7 }] }),
      fieldInput('expires', {
        type: 'Date',
        readOnly: true,
        initializationRules: [{ type: 'dateOffset', offsetDays: 30 }],
      }),
      fieldInput('recorded', { type: 'Date' }),
      fieldInput('notes'),
    ],
  });

  it('give today plus offsetDays', () => {
    expect(initialFieldValue(subject.fields[0]!, { now })).toBe('2025-04-06');
    expect(initialFieldValue(subject.fields[0]!, { now, timeZone: 'Europe/Oslo' })).toBe('2025-04-07');
    expect(initialFieldValue(subject.fields[2]!, { now })).toBeUndefined();
  });

  it('seed a new item only with the fields that have one, read-only ones included', () => {
    expect(initialFormValues(subject, { now })).toEqual({ airDate: '2025-04-06', expires: '2025-04-29' });
  });
});
