export type DurationUnit = 'hours' | 'minutes' | 'seconds';
export type DurationKey = `duration.${DurationUnit}`;

/**
 * i18next-compatible: the console passes its `t`, with resources such as
 * `duration: { hours_one: '{{count}} hour', hours_other: '{{count}} hours', … }`.
 */
export type DurationTranslate = (key: DurationKey, options: { count: number }) => string;

const english: Record<DurationUnit, [string, string]> = {
  hours: ['hour', 'hours'],
  minutes: ['minute', 'minutes'],
  seconds: ['second', 'seconds'],
};

export const englishDurationTranslate: DurationTranslate = (key, { count }) => {
  const unit = key.slice('duration.'.length) as DurationUnit;
  const [one, other] = english[unit];
  return `${count} ${count === 1 ? one : other}`;
};

/**
 * '1 hour 2 minutes 3 seconds'. Rounded to whole seconds; zero parts are left out ('1 hour 5 seconds'), and a zero
 * duration reads '0 seconds'. Hours do not roll over into days.
 */
export function formatDurationWords(seconds: number, t: DurationTranslate = englishDurationTranslate): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`Duration must be >= 0, got ${seconds}`);
  const total = Math.round(seconds);
  const parts: Array<[DurationUnit, number]> = [
    ['hours', Math.floor(total / 3600)],
    ['minutes', Math.floor(total / 60) % 60],
    ['seconds', total % 60],
  ];
  const shown = parts.filter(([, count]) => count > 0);
  if (shown.length === 0) return t('duration.seconds', { count: 0 });
  return shown.map(([unit, count]) => t(`duration.${unit}`, { count })).join(' ');
}
