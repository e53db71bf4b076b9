import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  allPermissions,
  auditActions,
  builtInFields,
  builtInFormTypes,
  builtInGroupKinds,
  builtInForms,
  searchFacets,
} from '@mam/core';
import i18n from 'i18next';
import { vocabulary } from './vocabulary';

const languages = ['en', 'nb', 'nn', 'fr'] as const;
const resources = Object.fromEntries(
  languages.map((lng) => [
    lng,
    {
      translation: JSON.parse(
        readFileSync(path.resolve(__dirname, `../../public/locales/${lng}/translation.json`), 'utf8'),
      ) as object,
    },
  ]),
);

/** Keys i18next could not find, in the language asked for (no fallback to English hides them). */
async function instance(lng: string) {
  const missing: string[] = [];
  const i = i18n.createInstance();
  await i.init({
    lng,
    resources,
    fallbackLng: false,
    saveMissing: true,
    missingKeyHandler: (_l, _n, key) => missing.push(key),
  });
  return { t: i.t, missing };
}

describe.each(languages)('vocabulary in %s', (lng) => {
  it('names and explains every id of the core catalogues', async () => {
    const { t, missing } = await instance(lng);
    const words = vocabulary(t);
    const all = [
      ...allPermissions.map(words.permission),
      ...auditActions.map(words.auditAction),
      ...searchFacets.map(words.facet),
    ];
    for (const word of all) {
      expect([word.id, word.name.length > 0, word.hint.length > 0]).toEqual([word.id, true, true]);
      expect([word.id, word.name]).not.toEqual([word.id, word.id]);
    }
    for (const form of builtInForms()) {
      expect(words.form(form)).not.toBe('');
      expect(words.formHint(form)).toBeTruthy();
    }
    for (const [fieldId, field] of builtInFields()) {
      expect(words.field({ fieldId, label: field.label })).toBeTruthy();
      expect(words.fieldHint({ fieldId, label: field.label })).toBeTruthy();
      for (const [value, label] of field.alternatives) expect(words.fieldValue(fieldId, value, label)).toBeTruthy();
    }
    for (const kind of builtInGroupKinds) expect(words.groupHint({ kind })).toBeTruthy();
    expect(builtInFormTypes.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});

describe('vocabulary of data rows', () => {
  it('translates a built-in row by its key while it keeps its shipped name, and leaves typed names alone', async () => {
    const { t } = await instance('nb');
    const words = vocabulary(t);
    expect(words.form({ builtIn: 'common', label: 'Common' })).toBe('Felles');
    expect(words.form({ builtIn: 'common', label: 'Allmenn' })).toBe('Allmenn');
    expect(words.form({ builtIn: null, label: 'Common' })).toBe('Common');
    expect(words.field({ fieldId: 'title', label: 'Title' })).toBe('Tittel');
    expect(words.field({ fieldId: 'title', label: 'Programme title' })).toBe('Programme title');
    expect(words.fieldValue('qcStatus', 'passed', 'Passed')).toBe('Godkjent');
    expect(words.group({ kind: 'organisation', name: 'Everyone' })).toBe('Alle');
    expect(words.group({ kind: 'custom', name: 'Everyone' })).toBe('Everyone');
    expect(words.group({ kind: 'administrators', name: 'Admins' })).toBe('Admins');
  });

  it('shows an id it does not know as it is', async () => {
    const { t, missing } = await instance('fr');
    const words = vocabulary(t);
    expect(words.auditAction('item.gone_action').name).toBe('item.gone_action');
    expect(words.permission('removedPermission').name).toBe('removedPermission');
    expect(words.auditAction('item.metadata_changed').name).toBe('Métadonnées modifiées');
    expect(missing).toEqual([]);
  });
});
