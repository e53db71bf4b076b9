import type { estypes } from '@elastic/elasticsearch';
import { bulkFailures, chunks, ElasticsearchBulkError } from './elasticsearch.bulk';

describe('bulkFailures', () => {
  it('reports refused operations, but not deletes of what is already gone', () => {
    const response = {
      errors: true,
      took: 1,
      items: [
        { index: { _index: 'a', _id: '1', status: 201, result: 'created' } },
        {
          index: {
            _index: 'a',
            _id: '2',
            status: 400,
            error: { type: 'document_parsing_exception', reason: 'failed to parse field [created]' },
          },
        },
        { delete: { _index: 'a', _id: '3', status: 404, result: 'not_found' } },
        { delete: { _index: 'a', _id: '4', status: 429, error: { type: 'es_rejected_execution_exception' } } },
      ],
    } as estypes.BulkResponse;
    const failures = bulkFailures(response);
    expect(failures).toEqual([
      { id: '2', status: 400, reason: 'failed to parse field [created]' },
      { id: '4', status: 429, reason: 'es_rejected_execution_exception' },
    ]);
    expect(new ElasticsearchBulkError(failures).message).toBe(
      'Elasticsearch refused 2 bulk operation(s): 2 (400): failed to parse field [created]; ' +
        '4 (429): es_rejected_execution_exception',
    );
  });

  it('reports nothing when Elasticsearch says there were no errors', () => {
    expect(bulkFailures({ errors: false, took: 1, items: [] })).toEqual([]);
  });
});

describe('chunks', () => {
  it('splits a list into runs of at most the size', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
  });
});
