import { useTranslation } from 'react-i18next';
import { usePreferences, type TPreferences } from './preferences';

type TFormatPreferences = Pick<TPreferences, 'dateFormat' | 'timeZone'>;

const empty = '—';

/** The Intl locale of a console language: each language writes dates and numbers the way its country does. */
const intlLocales: Record<string, string> = { en: 'en-GB', nb: 'nb-NO', nn: 'nn-NO', fr: 'fr-FR' };

/** 'nb' → 'nb-NO'; a full tag (or one the console does not know) is used as it is. */
export function intlLocale(language: string): string {
  return intlLocales[language] ?? language;
}

function parts(date: Date, timeZone: string | undefined) {
  const found = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  })
    .formatToParts(date)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return { y: found.year, m: found.month, d: found.day, hh: found.hour, mm: found.minute, ss: found.second };
}

function calendarDate(p: ReturnType<typeof parts>, dateFormat: TPreferences['dateFormat']) {
  return dateFormat === 'iso' ? `${p.y}-${p.m}-${p.d}` : `${p.d}.${p.m}.${p.y}`;
}

/** A moment (ISO timestamp) with date and time, as the preferences ask; `seconds` where they matter (a timeline). */
export function formatDateTime(
  iso: string | null | undefined,
  language: string,
  prefs: TFormatPreferences,
  options: { seconds?: boolean } = {},
): string {
  if (!iso) return empty;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return empty;
  const timeZone = prefs.timeZone === 'utc' ? 'UTC' : undefined;
  const suffix = prefs.timeZone === 'utc' ? ' UTC' : '';
  if (prefs.dateFormat === 'locale') {
    return (
      new Intl.DateTimeFormat(intlLocale(language), {
        dateStyle: 'medium',
        timeStyle: options.seconds ? 'medium' : 'short',
        timeZone,
      }).format(date) + suffix
    );
  }
  const p = parts(date, timeZone);
  return `${calendarDate(p, prefs.dateFormat)} ${p.hh}:${p.mm}${options.seconds ? `:${p.ss}` : ''}${suffix}`;
}

/** The day of a moment (ISO timestamp), in the preferred time zone. */
export function formatDate(iso: string | null | undefined, language: string, prefs: TFormatPreferences): string {
  if (!iso) return empty;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return empty;
  const timeZone = prefs.timeZone === 'utc' ? 'UTC' : undefined;
  if (prefs.dateFormat === 'locale')
    return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone }).format(date);
  return calendarDate(parts(date, timeZone), prefs.dateFormat);
}

/** A calendar day ('YYYY-MM-DD', such as an API key's expiry): no time zone applies to it. */
export function formatDay(day: string | null | undefined, language: string, prefs: TFormatPreferences): string {
  if (!day) return empty;
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return empty;
  if (prefs.dateFormat === 'locale')
    return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  return calendarDate(parts(date, 'UTC'), prefs.dateFormat);
}

/** The formatters bound to the current language and preferences; components re-render when either changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const prefs = usePreferences();
  const language = i18n.resolvedLanguage ?? 'en';
  return {
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, language, prefs),
    dateTimeSeconds: (iso: string | null | undefined) => formatDateTime(iso, language, prefs, { seconds: true }),
    date: (iso: string | null | undefined) => formatDate(iso, language, prefs),
    day: (day: string | null | undefined) => formatDay(day, language, prefs),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    bytes: (bytes: number | null | undefined) => (bytes == null ? empty : formatBytes(bytes, language)),
    duration: (seconds: number | null | undefined) => (seconds == null ? empty : formatDuration(seconds, language)),
    language,
  };
}

/** A count with the language's grouping and decimal marks (1 234,5 in French and Norwegian, 1,234.5 in English). */
export function formatNumber(value: number, language: string, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

/** Binary units; French writes octets (o) where the others write bytes (B). */
const BYTE_UNITS: Record<string, readonly string[]> = {
  fr: ['o', 'Kio', 'Mio', 'Gio', 'Tio'],
  other: ['B', 'KiB', 'MiB', 'GiB', 'TiB'],
};

/** 1536 → '1.5 KiB' (en), '1,5 KiB' (nb, nn), '1,5 Kio' (fr). */
export function formatBytes(bytes: number, language = 'en'): string {
  const units = BYTE_UNITS[language] ?? BYTE_UNITS.other!;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const figure = formatNumber(value, language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${figure}\u00a0${units[unit]}`;
}

/** A length of time in seconds as the language says it: '1 h 5 min', '2 min 30 s', '45 s'. */
export function formatDuration(seconds: number, language: string): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: Array<[number, Intl.NumberFormatOptions['unit']]> = h
    ? [
        [h, 'hour'],
        [m, 'minute'],
      ]
    : m
      ? [
          [m, 'minute'],
          [s, 'second'],
        ]
      : [[s, 'second']];
  return parts
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => formatNumber(n, language, { style: 'unit', unit, unitDisplay: 'short' }))
    .join(' ');
}
