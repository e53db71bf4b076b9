import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18n from 'i18next';
import { issueText } from './issue-text';

const read = (lng: string) =>
  JSON.parse(
    readFileSync(path.resolve(__dirname, `../../../../public/locales/${lng}/translation.json`), 'utf8'),
  ) as object;

describe('issueText', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: read('en') }, fr: { translation: read('fr') } },
      interpolation: { escapeValue: false },
    });
  });

  it("says a rule's own message, in the user's language", async () => {
    const issue = { path: 'fields.3.required', code: 'FIELD_CHECKBOX_REQUIRED' };
    expect(issueText(i18n.t, issue)).toBe('Checkboxes cannot be required.');
    await i18n.changeLanguage('fr');
    expect(issueText(i18n.t, issue)).toBe('Les cases à cocher ne peuvent pas être obligatoires.');
    await i18n.changeLanguage('en');
  });

  it('explains a malformed value by the setting it is about', () => {
    expect(issueText(i18n.t, { path: 'fields.0.alternatives.1.value', code: 'VALIDATION_FAILED' })).toBe(
      'Enter a value of up to 200 characters; in a tree it cannot contain “/”.',
    );
    expect(issueText(i18n.t, { path: 'color', code: 'VALIDATION_FAILED' })).toBe('Enter a colour such as #5daec1.');
  });

  it("translates the editor's own codes, and falls back to a general hint", () => {
    expect(issueText(i18n.t, { path: 'id', code: 'FORM_KEY_TAKEN' })).toBe('Another form already has this key.');
    expect(issueText(i18n.t, { path: 'fields.0.mystery', code: 'VALIDATION_FAILED' })).toBe('Check this value.');
  });
});
