/**
 * A date as typed in a query denotes a period: `2024` is the whole year, `2024-05` the month, `2024-05-01` the day
 * (UTC), so `created:2024` finds the whole year and `created:<=2024-05` includes all of May. A date-time is an
 * instant (`end` null).
 */
export interface DatePeriod {
  start: Date;
  /** Exclusive; null for an instant. */
  end: Date | null;
}

const yearPattern = /^(\d{4})$/;
const monthPattern = /^(\d{4})-(\d{2})$/;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function utc(year: number, monthIndex: number, day: number): Date {
  // Date.UTC would map years 0..99 to 1900..1999; setUTCFullYear takes them as they are, overflowing days too.
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate();
}

function validMonthDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function offsetMinutes(zone: string | undefined): number | null {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 14 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * The period an ISO date denotes, or null when the text is not one (dates without a zone are UTC) or begins before
 * the year 1: PostgreSQL has no year 0, and a JavaScript date there reaches it as a value it refuses.
 */
export function parseDateValue(text: string): DatePeriod | null {
  const period = parsePeriod(text);
  return period && period.start.getUTCFullYear() >= 1 ? period : null;
}

function parsePeriod(text: string): DatePeriod | null {
  let match = yearPattern.exec(text);
  if (match) {
    const year = Number(match[1]);
    return { start: utc(year, 0, 1), end: utc(year + 1, 0, 1) };
  }
  match = monthPattern.exec(text);
  if (match) {
    const [year, month] = [Number(match[1]), Number(match[2])];
    if (month < 1 || month > 12) return null;
    return { start: utc(year, month - 1, 1), end: utc(year, month, 1) };
  }
  match = dayPattern.exec(text);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (!validMonthDay(year, month, day)) return null;
    return { start: utc(year, month - 1, day), end: utc(year, month - 1, day + 1) };
  }
  match = dateTimePattern.exec(text);
  if (match) {
    const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
    const second = Number(match[6] ?? 0);
    const millisecond = Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3));
    const offset = offsetMinutes(match[8]);
    if (!validMonthDay(year, month, day) || hour > 23 || minute > 59 || second > 59 || offset === null) return null;
    const start = utc(year, month - 1, day);
    start.setUTCHours(hour, minute - offset, second, millisecond);
    return { start, end: null };
  }
  return null;
}

const numberPattern = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** A plain decimal number (no exponent, no thousands separators), or null. */
export function parseNumberValue(text: string): number | null {
  return numberPattern.test(text) ? Number(text) : null;
}

/** `true` or `false`, any case, or null. */
export function parseBooleanValue(text: string): boolean | null {
  const lower = text.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : null;
}
