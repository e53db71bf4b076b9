import { errorExcerpt } from './query-error.excerpt';

describe('errorExcerpt', () => {
  it('marks the character at a 1-based position', () => {
    expect(errorExcerpt('title:(storm OR', 7)).toEqual({
      before: 'title:',
      at: '(',
      after: 'storm OR',
      clippedStart: false,
      clippedEnd: false,
    });
  });

  it('puts the mark after the text when the query ended too early', () => {
    expect(errorExcerpt('"harbour', 9)).toMatchObject({ before: '"harbour', at: '', after: '' });
  });

  it('keeps positions out of range inside the query', () => {
    expect(errorExcerpt('abc', 0)).toMatchObject({ before: '', at: 'a', after: 'bc' });
    expect(errorExcerpt('abc', 99)).toMatchObject({ before: 'abc', at: '' });
  });

  it('cuts a long query around the position and says which ends were cut', () => {
    const query = `${'a'.repeat(100)}X${'b'.repeat(100)}`;
    const excerpt = errorExcerpt(query, 101, 20);
    expect(excerpt.at).toBe('X');
    expect(excerpt.before).toBe('a'.repeat(10));
    expect(excerpt.after).toBe('b'.repeat(9));
    expect(excerpt).toMatchObject({ clippedStart: true, clippedEnd: true });
    expect(errorExcerpt(query, 1, 20)).toMatchObject({ before: '', at: 'a', clippedStart: false, clippedEnd: true });
    expect(errorExcerpt(query, 201, 20)).toMatchObject({ at: 'b', after: '', clippedStart: true, clippedEnd: false });
  });

  it('shows line breaks and tabs as spaces, keeping the position', () => {
    expect(errorExcerpt('a\tb\nc)', 6)).toMatchObject({ before: 'a b c', at: ')' });
  });
});
