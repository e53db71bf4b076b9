import { selectedHits, uniqueById } from './search-hits.rules';

const hit = (id: string, title = id) => ({ id, title });

describe('search hits', () => {
  it('lists each hit once across pages, first occurrence first', () => {
    expect(uniqueById([[hit('a'), hit('b')], [hit('b', 'again'), hit('c')], []])).toEqual([
      hit('a'),
      hit('b'),
      hit('c'),
    ]);
    expect(uniqueById([])).toEqual([]);
  });

  it('acts on the ticked hits that are still listed, in list order', () => {
    const hits = [hit('a'), hit('b'), hit('c')];
    expect(selectedHits(hits, new Set(['c', 'gone', 'a']))).toEqual([hit('a'), hit('c')]);
    expect(selectedHits(hits, new Set())).toEqual([]);
  });
});
