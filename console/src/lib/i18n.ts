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
