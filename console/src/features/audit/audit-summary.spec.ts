import { readFileSync } from 'node:fs';
import path from 'node:path';
import { auditSummary, type TAuditSummary } from '@mam/core';
import i18n from 'i18next';
import { auditSummaryText } from './audit-summary';

const languages = ['en', 'nb', 'nn', 'fr'] as const;

async function translate(lng: string) {
  const missing: string[] = [];
  const i = i18n.createInstance();
  await i.init({
    lng,
    resources: {
      [lng]: {
        translation: JSON.parse(
          readFileSync(path.resolve(__dirname, `../../../public/locales/${lng}/translation.json`), 'utf8'),
        ) as object,
      },
    },
    fallbackLng: false,
    saveMissing: true,
    missingKeyHandler: (_l, _n, key) => missing.push(key),
  });
  return { t: i.t, missing };
}

const summaries: TAuditSummary[] = [
  auditSummary({ updated: 1, total: 1 }, {}),
  auditSummary({ updated: 2, total: 5 }, {}),
  auditSummary({ updated: 2, total: 5, format: 'xmp' }, {}),
  auditSummary({}, { title: { from: 'a', to: 'b' } }),
  auditSummary({ subject: 'News' }, { title: { from: 'a', to: 'b' }, genre: { from: null, to: 'x' } }),
  auditSummary({ subject: 'ada@example.com' }, {}),
];

describe('auditSummaryText', () => {
  it.each(languages)('words every kind of summary in %s, with the names and counts filled in', async (lng) => {
    const { t, missing } = await translate(lng);
    const texts = summaries.map((s) => auditSummaryText(t, s));
    expect(missing).toEqual([]);
    expect(texts.every((text) => !text.includes('{{') && !text.includes('auditSummary'))).toBe(true);
    expect(texts[2]).toContain('XMP');
    expect(texts[4]).toContain('News');
    expect(texts[5]).toBe('ada@example.com');
  });

  it('counts in English and French as people write them', async () => {
    const en = await translate('en');
    const fr = await translate('fr');
    expect(summaries.map((s) => auditSummaryText(en.t, s))).toEqual([
      '1 of 1 item changed',
      '2 of 5 items changed',
      'From XMP: 2 of 5 items changed',
      '1 field changed',
      'News: 2 fields changed',
      'ada@example.com',
    ]);
    expect(auditSummaryText(fr.t, summaries[4])).toBe('News : 2 champs modifiés');
  });

  it('says nothing of an event with neither names nor changes', async () => {
    const { t } = await translate('nb');
    expect(auditSummaryText(t, { kind: 'none' })).toBe('');
    expect(auditSummaryText(t, undefined)).toBe('');
  });
});
