import { defaultTenantConfig } from '../tenant/tenant-config.schema';
import { chooseMailLanguage, mailLocale, toMailLanguage } from './mail-language';

describe('mail language', () => {
  it.each([
    ['en', 'en'],
    ['nb', 'nb'],
    ['nn', 'nn'],
    ['fr', 'fr'],
    ['nb-NO', 'nb'],
    ['nn-NO', 'nn'],
    ['NN_no', 'nn'],
    ['fr-CA', 'fr'],
    ['en-GB', 'en'],
    [' fr ', 'fr'],
    ['no', 'nb'],
    ['no-NO', 'nb'],
  ])('reads %j as %s', (tag, language) => {
    expect(toMailLanguage(tag)).toBe(language);
  });

  it.each([['de'], ['sv-SE'], ['nob'], ['french'], [''], ['-'], [null], [undefined]])(
    'has no mail language for %j',
    (tag) => {
      expect(toMailLanguage(tag)).toBeNull();
    },
  );

  it("takes the user's language first, then the tenant's, then English", () => {
    expect(chooseMailLanguage({ user: 'fr', tenant: 'nb' })).toBe('fr');
    expect(chooseMailLanguage({ user: 'nn-NO', tenant: 'fr' })).toBe('nn');
    expect(chooseMailLanguage({ user: null, tenant: 'nb-NO' })).toBe('nb');
    expect(chooseMailLanguage({ user: 'de', tenant: 'fr-FR' })).toBe('fr');
    expect(chooseMailLanguage({ user: 'de', tenant: 'sv' })).toBe('en');
    expect(chooseMailLanguage({})).toBe('en');
  });

  it("reads the tenant's primary language and time zone from its configuration", () => {
    const config = { ...defaultTenantConfig('Acme'), primaryTranslationLanguage: 'nb-NO', timezone: 'Europe/Oslo' };
    expect(mailLocale({ userLanguage: null, tenantConfig: config })).toEqual({
      language: 'nb',
      timeZone: 'Europe/Oslo',
    });
    expect(mailLocale({ userLanguage: 'fr', tenantConfig: config })).toEqual({
      language: 'fr',
      timeZone: 'Europe/Oslo',
    });
    // A new tenant: English, UTC.
    expect(mailLocale({ userLanguage: null, tenantConfig: defaultTenantConfig('Acme') })).toEqual({
      language: 'en',
      timeZone: 'UTC',
    });
  });

  it('falls back rather than fails on a missing or odd configuration', () => {
    expect(mailLocale({ userLanguage: 'nn' })).toEqual({ language: 'nn', timeZone: 'UTC' });
    expect(mailLocale({ tenantConfig: null })).toEqual({ language: 'en', timeZone: 'UTC' });
    expect(mailLocale({ tenantConfig: 'nb' })).toEqual({ language: 'en', timeZone: 'UTC' });
    expect(mailLocale({ tenantConfig: { primaryTranslationLanguage: 42, timezone: 'Mars/Olympus_Mons' } })).toEqual({
      language: 'en',
      timeZone: 'UTC',
    });
  });
});
