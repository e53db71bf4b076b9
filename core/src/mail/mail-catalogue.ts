import type { TMailLanguage } from './mail-language';
import { MAIL_TEXTS_EN, type TMailTextKey, type TMailTexts } from './mail-texts.en';
import { MAIL_TEXTS_FR } from './mail-texts.fr';
import { MAIL_TEXTS_NB } from './mail-texts.nb';
import { MAIL_TEXTS_NN } from './mail-texts.nn';

/** One text set per mail language. */
export const MAIL_CATALOGUE: Readonly<Record<TMailLanguage, TMailTexts>> = {
  en: MAIL_TEXTS_EN,
  nb: MAIL_TEXTS_NB,
  nn: MAIL_TEXTS_NN,
  fr: MAIL_TEXTS_FR,
};

type TPlaceholders<S extends string> = S extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | TPlaceholders<Rest>
  : never;

/** The values a text needs, named by the English text's placeholders, so a caller cannot leave one out. */
export type TMailParams<K extends TMailTextKey> = Record<TPlaceholders<(typeof MAIL_TEXTS_EN)[K]>, string | number>;

type TParamsArgument<K extends TMailTextKey> = [TPlaceholders<(typeof MAIL_TEXTS_EN)[K]>] extends [never]
  ? []
  : [params: TMailParams<K>];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The placeholder names of a text, each once, in order. */
export function mailPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * A text in the language with its placeholders filled. Values are inserted in one pass, so a title that itself
 * holds '{{…}}' stays as typed. A missing value throws: a mail showing '{{title}}' must never go out.
 */
export function mailText<K extends TMailTextKey>(
  language: TMailLanguage,
  key: K,
  ...[params]: TParamsArgument<K>
): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return MAIL_CATALOGUE[language][key].replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Mail text ${key} (${language}) needs a value for {{${name}}}`);
    return String(value);
  });
}

/**
 * A moment as the reader writes it ('March 5, 2026 at 9:05 AM GMT+1', '5. mars 2026 kl. 09:05 CET',
 * '1er mars 2026 à 09:05 UTC+1'), in the given time zone and naming it: invitations reach people in other zones.
 */
export function formatMailDateTime(language: TMailLanguage, date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).formatToParts(date);
  // French writes the first of the month as an ordinal, which Intl leaves to the caller. ICU puts a narrow
  // no-break space before AM/PM, which fonts of older mail clients lack; the plain no-break space keeps it together.
  return parts
    .map((part) => (language === 'fr' && part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('')
    .replace(/\u202f/g, '\u00a0');
}
