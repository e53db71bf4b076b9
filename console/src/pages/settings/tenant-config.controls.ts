/**
 * Languages offered for translation and transcription: the ones broadcasters in the product's markets ask for. A
 * stored code outside the list stays offered, so opening the form never changes a setting.
 */
export const TRANSLATION_LANGUAGES = [
  'ar',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'en-US',
  'es',
  'et',
  'fi',
  'fr',
  'hi',
  'is',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'nb',
  'nl',
  'nn',
  'pl',
  'pt',
  'pt-BR',
  'ru',
  'se',
  'so',
  'sv',
  'tr',
  'uk',
  'ur',
  'zh-Hans',
  'zh-Hant',
] as const;

/** Each code with its name in the interface language ('nb' → 'norsk bokmål' in Norwegian), sorted by name. */
export function languageOptions(
  uiLanguage: string,
  current: ReadonlyArray<string | null>,
): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([uiLanguage, 'en'], { type: 'language' });
  } catch {
    names = null;
  }
  const codes = [...new Set<string>([...TRANSLATION_LANGUAGES, ...current.filter((c): c is string => !!c)])];
  return codes
    .map((code) => {
      let name: string | undefined;
      try {
        name = names?.of(code);
      } catch {
        name = undefined;
      }
      return { value: code, label: name && name !== code ? `${name} (${code})` : code };
    })
    .sort((a, b) => a.label.localeCompare(b.label, uiLanguage));
}

export type TDurationUnit = 'minutes' | 'hours';

/** How a number of minutes reads best: whole hours in hours, anything else in minutes. */
export function durationUnitFor(minutes: number): TDurationUnit {
  return Number.isInteger(minutes) && minutes >= 60 && minutes % 60 === 0 ? 'hours' : 'minutes';
}

export function fromMinutes(minutes: number, unit: TDurationUnit): number {
  return unit === 'hours' ? minutes / 60 : minutes;
}

/** Back to whole minutes, the stored unit; NaN stays NaN so the schema reports the field. */
export function toMinutes(value: number, unit: TDurationUnit): number {
  return unit === 'hours' ? Math.round(value * 60) : value;
}

/** A fraction (0–1) shown as a percentage, and back, without floating-point noise (0.29 → 29, not 28.999…). */
export function fractionToPercent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100;
}

export function percentToFraction(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}
