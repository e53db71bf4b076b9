import { formatMailDateTime, MAIL_CATALOGUE, mailPlaceholders, mailText } from './mail-catalogue';
import { MAIL_LANGUAGES } from './mail-language';
import { MAIL_TEXTS_EN, type TMailTextKey } from './mail-texts.en';

const keys = Object.keys(MAIL_TEXTS_EN).sort() as TMailTextKey[];
const translations = MAIL_LANGUAGES.filter((language) => language !== 'en');
// Texts that are the same in every language: only punctuation around other texts.
const languageNeutral: TMailTextKey[] = ['notification.sentence', 'notification.subject'];

function words(text: string): string[] {
  return text
    .replace(/\{\{\w+\}\}/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

describe('mail catalogue', () => {
  it.each(MAIL_LANGUAGES)('%s has exactly the English keys', (language) => {
    expect(Object.keys(MAIL_CATALOGUE[language]).sort()).toEqual(keys);
  });

  describe.each(MAIL_LANGUAGES)('%s', (language) => {
    it.each(keys)('%s is written, with the placeholders of the English text and no stray braces', (key) => {
      const text = MAIL_CATALOGUE[language][key];
      expect(text.trim()).not.toBe('');
      expect(text).toBe(text.trim());
      expect(mailPlaceholders(text).sort()).toEqual(mailPlaceholders(MAIL_TEXTS_EN[key]).sort());
      expect(text.replace(/\{\{\w+\}\}/g, '')).not.toMatch(/[{}]/);
    });
  });

  it.each(translations)('%s is translated, not copied from English', (language) => {
    const same = keys.filter((key) => MAIL_CATALOGUE[language][key] === MAIL_TEXTS_EN[key]);
    expect(same).toEqual(languageNeutral);
  });

  it('has Nynorsk that is not Bokmål', () => {
    const bokmal = new Set(['ikke', 'noen', 'hvilke', 'hvis', 'en', 'et', 'én', 'fra', 'bedt', 'innen', 'lenken']);
    const nynorsk = keys.flatMap((key) => words(MAIL_CATALOGUE.nn[key]));
    expect(nynorsk.filter((word) => bokmal.has(word))).toEqual([]);
    const differ = keys.filter((key) => MAIL_CATALOGUE.nn[key] !== MAIL_CATALOGUE.nb[key]);
    expect(differ.length).toBeGreaterThanOrEqual(keys.length / 2);
  });

  it('fills every placeholder, each value once and as given', () => {
    expect(mailText('en', 'share.subject', { sender: 'Rita', title: 'Cup final' })).toBe(
      'Rita shared "Cup final" with you',
    );
    expect(mailText('fr', 'share.subject', { sender: 'Rita', title: 'Finale' })).toBe(
      'Rita a partagé « Finale » avec vous',
    );
    expect(mailText('nn', 'passwordReset.enter', { link: 'http://x', minutes: 15 })).toBe(
      'Skriv han inn på http://x innan 15 minutt.',
    );
    // A value holding braces is not expanded again.
    expect(mailText('en', 'share.subject', { sender: '{{title}}', title: '{{sender}}' })).toBe(
      '{{title}} shared "{{sender}}" with you',
    );
    expect(mailText('nb', 'notification.settingsHint')).toBe(
      'Under Brukerinnstillinger kan du velge hvilke varsler du får på e-post.',
    );
  });

  it('refuses to leave a placeholder unfilled', () => {
    const untyped = mailText as (language: string, key: string, params?: Record<string, string>) => string;
    expect(() => untyped('nb', 'share.subject', { sender: 'Rita' })).toThrow('{{title}}');
  });

  describe('dates', () => {
    const morning = new Date('2026-03-05T08:05:00Z');

    it("writes a moment in the reader's language, in the time zone, naming it", () => {
      const en = formatMailDateTime('en', morning, 'Europe/Oslo');
      expect(en).toContain('March 5, 2026');
      expect(en).toContain('9:05');
      const nb = formatMailDateTime('nb', morning, 'Europe/Oslo');
      expect(nb).toContain('5. mars 2026');
      expect(nb).toContain('09:05');
      expect(nb).toContain('CET');
      const nn = formatMailDateTime('nn', morning, 'UTC');
      expect(nn).toContain('5. mars 2026');
      expect(nn).toContain('08:05');
      expect(nn).toContain('UTC');
      const fr = formatMailDateTime('fr', morning, 'Europe/Paris');
      expect(fr).toContain('5 mars 2026');
      expect(fr).toContain('09:05');
    });

    it('writes the first of the month as French does', () => {
      expect(formatMailDateTime('fr', new Date('2026-04-01T10:00:00Z'), 'UTC')).toMatch(/^1er avril 2026/);
      expect(formatMailDateTime('fr', new Date('2026-04-11T10:00:00Z'), 'UTC')).toMatch(/^11 avril 2026/);
      expect(formatMailDateTime('en', new Date('2026-04-01T10:00:00Z'), 'UTC')).toMatch(/^April 1, 2026/);
    });

    it('keeps the time together with a no-break space every mail client can show', () => {
      const en = formatMailDateTime('en', new Date('2026-04-01T21:59:00Z'), 'UTC');
      expect(en).toContain('9:59\u00a0PM');
      expect(en).not.toContain('\u202f');
    });

    it('shows the day of the time zone, not of UTC', () => {
      const lateEvening = new Date('2026-06-30T22:30:00Z');
      expect(formatMailDateTime('nb', lateEvening, 'Europe/Oslo')).toContain('1. juli 2026');
      expect(formatMailDateTime('nb', lateEvening, 'UTC')).toContain('30. juni 2026');
    });
  });
});
