import { parseQuery } from '@mam/search';
import { splitOf } from './search-split';

describe('splitOf', () => {
  const split = (query: string, folderId?: string) => splitOf(parseQuery(query).ast, folderId);

  it('splits by search half what the word index finds: words, phrases and prefixes that must hold', () => {
    for (const query of ['goal', '"late goal"', 'berg*', 'goal AND genre:football', 'goal OR bergen', 'goal -oslo']) {
      expect([query, split(query)]).toEqual([query, 'searchHalves']);
    }
    expect(split('goal', 'folder')).toBe('searchHalves');
  });

  it('splits by id range what is read from the tenant’s items in id order', () => {
    for (const query of ['', 'genre:football', 'title:goal', 'created:[2024-01-01 TO 2024-06-30]']) {
      expect([query, split(query)]).toEqual([query, 'idOrder']);
    }
  });

  it('splits nothing else: other wildcards, negations, a branch outside the word index, a folder', () => {
    for (const query of ['*ergen*', 'g?al', 'NOT goal', 'goal OR genre:football', 'goal OR *ergen*']) {
      expect([query, split(query)]).toEqual([query, undefined]);
    }
    expect(split('genre:football', 'folder')).toBeUndefined();
  });
});
