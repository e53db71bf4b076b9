import type { estypes } from '@elastic/elasticsearch';
import { suggestions, suggestRequestBody } from './elasticsearch.suggest';

describe('suggestRequestBody', () => {
  it('asks the term suggester over the content field for the words the index lacks, and for no hits', () => {
    expect(suggestRequestBody(['gaol', 'bregen'])).toEqual({
      size: 0,
      track_total_hits: false,
      _source: false,
      suggest: {
        text: 'gaol bregen',
        words: {
          term: { field: 'content', suggest_mode: 'missing', sort: 'score', size: 1, min_word_length: 3 },
        },
      },
    });
  });
});

describe('suggestions', () => {
  it('maps each word to its best option, leaving out words without one', () => {
    const response = {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { hits: [] },
      suggest: {
        words: [
          { text: 'gaol', offset: 0, length: 4, options: [{ text: 'goal', score: 0.75, freq: 12 }] },
          { text: 'zzzz', offset: 5, length: 4, options: [] },
        ],
      },
    } as unknown as estypes.SearchResponse;
    expect(suggestions(response)).toEqual(new Map([['gaol', 'goal']]));
  });
});
