import { parseQuery } from '@mam/search';
import { closestWord, correctableWords, correctedQuery, editDistance } from './search-suggestion';

const ast = (q: string) => parseQuery(q, { fields: [] }).ast;

describe('correctableWords', () => {
  it('takes plain words outside NOT, lower-cased, once each; not fielded, wildcard, short or numeric ones', () => {
    expect(correctableWords(ast('Gaol bregen gaol NOT mtach "late gaol" berg* ab 2024 (oslo OR trondhiem)'))).toEqual([
      'gaol',
      'bregen',
      'oslo',
      'trondhiem',
    ]);
  });

  it('gives nothing for an empty query', () => {
    expect(correctableWords(ast(''))).toEqual([]);
  });
});

describe('correctedQuery', () => {
  it('replaces the corrected words and keeps the rest of the query', () => {
    expect(
      correctedQuery(
        ast('gaol in Bregen -derby'),
        new Map([
          ['gaol', 'goal'],
          ['bregen', 'bergen'],
        ]),
      ),
    ).toBe('goal in bergen NOT derby');
  });

  it('gives null when no word was corrected', () => {
    expect(correctedQuery(ast('goal'), new Map([['gaol', 'goal']]))).toBeNull();
  });
});

describe('editDistance', () => {
  it('counts an adjacent swap as one edit', () => {
    expect(editDistance('gaol', 'goal')).toBe(1);
    expect(editDistance('bregen', 'bergen')).toBe(1);
    expect(editDistance('stuning', 'stunning')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('closestWord', () => {
  const words = [
    { word: 'goal', items: 3 },
    { word: 'gold', items: 9 },
    { word: 'coal', items: 50 },
    { word: 'trondheim', items: 2 },
  ];

  it('takes the fewest edits, then the most used', () => {
    expect(closestWord('gaol', words)).toBe('goal');
    expect(closestWord('goad', words)).toBe('gold');
    expect(closestWord('trondhiem', words)).toBe('trondheim');
  });

  it('takes nothing too far away, nor the word itself', () => {
    expect(closestWord('xqzv', words)).toBeNull();
    expect(closestWord('goal', [{ word: 'goal', items: 1 }])).toBeNull();
  });
});
