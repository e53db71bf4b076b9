import { z } from 'zod';

const DAY_MS = 86_400_000;

/** Milliseconds (UTC) at the start of a 'YYYY-MM-DD' calendar date, or null if it is not a real date. */
export function isoDateStartUtc(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2025-02-30 over into March; a real date survives the round trip unchanged.
  const back = new Date(start);
  const real = back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
  return real ? start : null;
}

/** Milliseconds (UTC) at the end of the date, i.e. the start of the next day. */
export function isoDateEndUtc(date: string): number | null {
  const start = isoDateStartUtc(date);
  return start === null ? null : start + DAY_MS;
}

/** Today's date in UTC as 'YYYY-MM-DD'. */
export function utcDateOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export const ZIsoDate = z.string().refine((date) => isoDateStartUtc(date) !== null, 'Enter a date as YYYY-MM-DD');

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * An ISO date-time with a zone ('2025-01-31T12:00:00Z', '…+01:00') in the years 1 to 9999: JavaScript reads year 0
 * and beyond 9999, PostgreSQL stores neither.
 */
export function isIsoDateTime(value: string): boolean {
  if (!isoDateTime.safeParse(value).success) return false;
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

export const ZIsoDateTime = z.string().refine(isIsoDateTime, 'Enter a date and time between the years 1 and 9999');
