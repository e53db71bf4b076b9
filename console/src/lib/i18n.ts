import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'nb', label: 'Norsk bokmål' },
  { code: 'nn', label: 'Norsk nynorsk' },
  { code: 'fr', label: 'Français' },
] as const;
export type TLanguage = (typeof languages)[number]['code'];

const codes: ReadonlySet<string> = new Set(languages.map((l) => l.code));

/** The first of the browser's languages the console speaks (by language only; 'no' is Bokmål), else English. */
export function browserLanguage(preferred: readonly string[]): TLanguage {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0]!;
    const code = base === 'no' ? 'nb' : base;
    if (codes.has(code)) return code as TLanguage;
  }
  return 'en';
}

/**
 * A signed-in user's language: the one saved in their profile, or the browser's when the profile says 'Browser
 * language' (null). The detection order (query string, cookie, local storage, ...) is for visitors not signed in; a
 * language cached from an earlier choice must not outrank the profile.
 */
export function profileLanguage(saved: string | null | undefined, preferred: readonly string[]): TLanguage {
  return saved && codes.has(saved) ? (saved as TLanguage) : browserLanguage(preferred);
}

/** The browser's language list; `navigator.language` where the list is missing. */
export function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/** Spec section 1 and 7: English fallback, language-only matching, this detection order, these read retries. */
export function initI18n() {
  i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: 'en',
      supportedLngs: languages.map((l) => l.code),
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage', 'cookie'],
      },
    })
    .catch((error: unknown) => {
      // Spec: a failure to initialise translations is only logged.
      console.error('Translation initialisation failed', error);
    });
  i18n.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));
  return i18n;
}
