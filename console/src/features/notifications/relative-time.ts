const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "2 minutes ago", "yesterday"… in the console's language; under ten seconds is "now". */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  let value = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(value) < 10) return format.format(0, 'second');
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
