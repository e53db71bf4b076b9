import { encodeHeaderValue } from './mime-header';

/** What a mail client does with encoded words: decode each and join them (folding whitespace between goes). */
function decode(header: string): string {
  return header
    .split(/\r\n /)
    .map((word) => {
      const match = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(word);
      if (!match) throw new Error(`not an encoded word: ${word}`);
      return Buffer.from(match[1]!, 'base64');
    })
    .reduce((all, part) => Buffer.concat([all, part]), Buffer.alloc(0))
    .toString('utf8');
}

describe('mail header values', () => {
  it('leaves plain ASCII as it is', () => {
    expect(encodeHeaderValue('Your password reset code for Demo')).toBe('Your password reset code for Demo');
  });

  it('encodes Norwegian and French subjects as UTF-8 encoded words that decode back', () => {
    for (const subject of ['Koden din for å nullstille passordet i Dagsrevyen', 'Éléments partagés avec vous']) {
      const header = encodeHeaderValue(subject);
      expect(header).toMatch(/^=\?UTF-8\?B\?/);
      expect(decode(header)).toBe(subject);
    }
  });

  it('folds a long subject into words of at most 75 characters without splitting a character', () => {
    const subject = 'Kari Nordmann delte «Sluttspurt på Bislett – råklipp for gjennomsyn» med deg 🎬 '.repeat(3);
    const header = encodeHeaderValue(subject);
    const words = header.split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75);
    expect(decode(header)).toBe(subject);
  });

  it('encodes control characters instead of letting them into the header', () => {
    const header = encodeHeaderValue('Subject\r\nBcc: someone@example.com');
    expect(header).not.toContain('\nBcc');
    expect(decode(header)).toBe('Subject\r\nBcc: someone@example.com');
  });
});
