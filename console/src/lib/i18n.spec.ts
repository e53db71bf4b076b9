import { browserLanguage, profileLanguage } from './i18n';

describe('the language of a signed-in user', () => {
  it('follows the browser when the profile says browser language, whatever an earlier choice cached', () => {
    expect(profileLanguage(null, ['fr-FR', 'en-GB'])).toBe('fr');
    expect(profileLanguage(undefined, ['nn-NO', 'nb'])).toBe('nn');
  });

  it('takes the saved profile language over the browser', () => {
    expect(profileLanguage('nb', ['fr-FR'])).toBe('nb');
  });

  it('ignores a saved language the console does not speak', () => {
    expect(profileLanguage('de', ['nn'])).toBe('nn');
  });
});

describe('the browser language', () => {
  it('is the first supported one, matched by language only', () => {
    expect(browserLanguage(['de-DE', 'fr-CA', 'en-US'])).toBe('fr');
    expect(browserLanguage(['NB-no'])).toBe('nb');
  });

  it('reads plain Norwegian as Bokmål and falls back to English', () => {
    expect(browserLanguage(['no'])).toBe('nb');
    expect(browserLanguage(['de', 'es'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
