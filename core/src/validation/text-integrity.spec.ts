import { assertValidText, findInvalidText, isValidText } from './text-integrity';

describe('text integrity', () => {
  it.each([
    ['plain text', 'Final cut', true],
    ['emoji (a surrogate pair)', 'Goal ⚽ 😀', true],
    ['Norwegian letters', 'Blåbær på øya', true],
    ['an empty string', '', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\uD800b', false],
    ['a lone high surrogate at the end', 'a\uD83D', false],
    ['a lone low surrogate', '\uDE00a', false],
    ['a reversed pair', '\uDE00\uD83D', false],
  ])('%s', (_name, text, valid) => {
    expect(isValidText(text)).toBe(valid);
  });

  it('finds the path of the first invalid string, keys included', () => {
    expect(findInvalidText({ title: 'ok', values: { a: ['x', 'y\u0000'] } })).toBe('values.a.1');
    expect(findInvalidText({ ['k\uD800']: 'ok' })).toBe('k\uD800');
    expect(findInvalidText('\uDC00')).toBe('');
    expect(findInvalidText({ title: 'ok', n: 1, b: true, z: null, list: [1, 'two'] })).toBeNull();
    expect(findInvalidText(undefined)).toBeNull();
  });

  it('leaves buffers alone and survives deep nesting', () => {
    expect(findInvalidText({ body: Buffer.from([0, 0xd8]) })).toBeNull();
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInvalidText(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});

describe('assertValidText', () => {
  it('refuses with TEXT_INVALID and the path of the part', () => {
    expect(() => assertValidText({ query: { q: 'ok' }, body: { title: 'a\u0000' } })).toThrow(
      expect.objectContaining({
        code: 'TEXT_INVALID',
        status: 400,
        issues: [expect.objectContaining({ path: 'body.title' })],
      }),
    );
    expect(() => assertValidText({ params: {}, query: { q: 'fine' }, body: undefined })).not.toThrow();
  });
});
