import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { errorCatalogue, errorCodes } from '@mam/core';

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(__dirname, '../../public/locales');
const languages = ['en', 'nb', 'nn', 'fr'] as const;

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [full]: value } : { ...flat, ...flatten(value, full) };
  }, {});
}

const locales = Object.fromEntries(
  languages.map((lng) => [
    lng,
    flatten(JSON.parse(readFileSync(path.join(localesDir, lng, 'translation.json'), 'utf8')) as Tree),
  ]),
) as Record<(typeof languages)[number], Record<string, string>>;

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? sourceFiles(full)
      : /\.tsx?$/.test(name) && !name.endsWith('.spec.ts')
        ? [full]
        : [];
  });
}

describe('console translations', () => {
  it.each(languages.slice(1))('%s has exactly the English keys', (lng) => {
    expect(Object.keys(locales[lng]).sort()).toEqual(Object.keys(locales.en).sort());
  });

  it.each(languages)('%s translates every error code', (lng) => {
    const missing = errorCodes.filter((code) => !locales[lng][`errors.${code}`]);
    expect(missing).toEqual([]);
  });

  it('uses the catalogue text verbatim for English errors', () => {
    for (const code of errorCodes)
      expect([code, locales.en[`errors.${code}`]]).toEqual([code, errorCatalogue[code].message]);
  });

  it.each(languages.slice(1))('%s keeps every placeholder', (lng) => {
    for (const [key, english] of Object.entries(locales.en)) {
      expect([key, placeholders(locales[lng][key] ?? '')]).toEqual([key, placeholders(english)]);
    }
  });

  it('has an English text for every literal key the console uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve(__dirname, '..'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(100);
    // A plural key exists as key_one / key_other (i18next picks by count).
    expect([...used].filter((key) => !locales.en[key] && !locales.en[`${key}_other`])).toEqual([]);
  });
});
