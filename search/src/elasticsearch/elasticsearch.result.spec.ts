import type { estypes } from '@elastic/elasticsearch';
import { searchResult } from './elasticsearch.result';

/** A response as Elasticsearch 8 sends it for a body built by searchRequestBody with facet fields genre, approved. */
const response = {
  took: 3,
  timed_out: false,
  _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
  hits: {
    total: { value: 42, relation: 'eq' },
    max_score: null,
    hits: [
      { _index: 'mam-items-t-1.v1', _id: 'item-7', _score: null, sort: [1716065100000, 'item-7'] },
      { _index: 'mam-items-t-1.v1', _id: 'item-3', _score: null, sort: [1716065000000, 'item-3'] },
    ],
  },
  aggregations: {
    itemType: {
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 0,
      buckets: [
        { key: 'video', doc_count: 40 },
        { key: 'audio', doc_count: 2 },
      ],
    },
    state: { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [{ key: 'COMPLETE', doc_count: 42 }] },
    approval: { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [{ key: 'approved', doc_count: 5 }] },
    createdBy: { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] },
    field_0: {
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 5,
      buckets: [
        { key: 'Sport', doc_count: 30 },
        { key: 'News', doc_count: 7 },
      ],
    },
    field_1: {
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 0,
      buckets: [{ key: 1, key_as_string: 'true', doc_count: 3 }],
    },
  },
} as unknown as estypes.SearchResponse;

describe('searchResult', () => {
  it('maps hits to ids in order, the total, and aggregations to facets by field', () => {
    expect(searchResult(response, ['genre', 'approved'])).toEqual({
      ids: ['item-7', 'item-3'],
      total: 42,
      facets: {
        itemType: [
          { value: 'video', count: 40 },
          { value: 'audio', count: 2 },
        ],
        state: [{ value: 'COMPLETE', count: 42 }],
        approval: [{ value: 'approved', count: 5 }],
        createdBy: [],
        fields: {
          genre: [
            { value: 'Sport', count: 30 },
            { value: 'News', count: 7 },
          ],
          approved: [{ value: 'true', count: 3 }],
        },
      },
    });
  });

  it('gives empty facets when a response has no aggregations, and reads a plain number total', () => {
    const bare = { hits: { total: 0, hits: [] } } as unknown as estypes.SearchResponse;
    expect(searchResult(bare, ['genre'])).toEqual({
      ids: [],
      total: 0,
      facets: { itemType: [], state: [], approval: [], createdBy: [], fields: { genre: [] } },
    });
  });

  it("reads a facet counted under the other facets' ticks from its filter aggregation", () => {
    const filtered = {
      ...response,
      aggregations: {
        ...response.aggregations,
        state: {
          doc_count: 12,
          values: {
            doc_count_error_upper_bound: 0,
            sum_other_doc_count: 0,
            buckets: [
              { key: 'COMPLETE', doc_count: 10 },
              { key: 'ERROR', doc_count: 2 },
            ],
          },
        },
      },
    } as unknown as estypes.SearchResponse;
    expect(searchResult(filtered, []).facets.state).toEqual([
      { value: 'COMPLETE', count: 10 },
      { value: 'ERROR', count: 2 },
    ]);
  });
});
