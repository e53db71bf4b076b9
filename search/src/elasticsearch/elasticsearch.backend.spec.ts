import { parseQuery } from '../query.parser';
import { form } from '../testing/ast.builders';
import { createElasticsearchBackend } from './elasticsearch.backend';
import { ElasticsearchBulkError } from './elasticsearch.bulk';
import type { SearchDocument } from './elasticsearch.document';
import { ElasticsearchReindexRequiredError, indexMappings } from './elasticsearch.indices';
import type { EsSearchRequest, EsSearchSort } from './elasticsearch.request';
import {
  acknowledged,
  indexNotFound,
  recordingClient,
  type RecordedRequest,
  type StubResponse,
} from './testing/recording.connection';

/** Answers by `METHOD path`; a list is answered in turn, one entry per request. */
function routes(table: Record<string, StubResponse | StubResponse[]>) {
  const used = new Map<string, number>();
  return (request: RecordedRequest): StubResponse => {
    const key = `${request.method} ${request.path}`;
    const entry = table[key];
    if (!entry) throw new Error(`No stub for ${key}`);
    if (!Array.isArray(entry)) return entry;
    const turn = used.get(key) ?? 0;
    used.set(key, turn + 1);
    const response = entry[Math.min(turn, entry.length - 1)];
    if (!response) throw new Error(`No stub for ${key}`);
    return response;
  };
}

function setup(table: Record<string, StubResponse | StubResponse[]>) {
  const { client, requests } = recordingClient(routes(table));
  return { backend: createElasticsearchBackend({ node: 'http://unused:9200', client }), requests };
}

const textField = (extra: Record<string, unknown> = {}) => ({
  type: 'text',
  copy_to: ['content', 'contentWildcard'],
  fields: { keyword: { type: 'keyword', ignore_above: 256 }, wildcard: { type: 'wildcard' }, ...extra },
});
const exact = { type: 'keyword', ignore_above: 8191 };

const ok = (items: unknown[] = []): StubResponse => ({ body: { errors: false, took: 1, items } });

function doc(id: string, tenantId: string, overrides: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id,
    tenantId,
    itemType: 'video',
    title: `Title ${id}`,
    description: '',
    fileName: `${id}.mp4`,
    folderIds: ['f-root'],
    state: 'COMPLETE',
    createdBy: 'u-1',
    ownerId: 'u-1',
    visibleTo: null,
    createdAt: '2024-05-01T10:00:00Z',
    updatedAt: '2024-05-02T10:00:00Z',
    fields: {},
    ...overrides,
  };
}

function source(id: string, tenantId: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    tenantId,
    itemType: 'video',
    title: `Title ${id}`,
    description: null,
    filename: `${id}.mp4`,
    folderIds: ['f-root'],
    state: 'COMPLETE',
    approval: 'none',
    createdBy: 'u-1',
    ownerId: 'u-1',
    visibleTo: { level: 'tenant', groups: [] },
    created: '2024-05-01T10:00:00.000Z',
    modified: '2024-05-02T10:00:00.000Z',
    fields: {},
    fieldValues: {},
    fieldSortKeys: {},
    ...extra,
  };
}

describe('ping', () => {
  it('is true when the cluster answers and false when it does not', async () => {
    expect(await setup({ 'HEAD /': {} }).backend.ping()).toBe(true);
    expect(await setup({ 'HEAD /': { statusCode: 503, body: { error: 'down' } } }).backend.ping()).toBe(false);
    expect(await setup({}).backend.ping()).toBe(false);
  });
});

describe('ensureIndex', () => {
  const fields = [form('genre', 'keyword')];

  it('creates the first generation behind the tenant alias with the full mapping', async () => {
    const { backend, requests } = setup({
      'GET /mam-items-t-1/_mapping': indexNotFound,
      'PUT /mam-items-t-1.v1': { body: { acknowledged: true, index: 'mam-items-t-1.v1' } },
    });
    await backend.ensureIndex('t-1', fields);
    expect(requests).toEqual([
      { method: 'GET', path: '/mam-items-t-1/_mapping', query: {} },
      {
        method: 'PUT',
        path: '/mam-items-t-1.v1',
        query: {},
        body: {
          aliases: { 'mam-items-t-1': {} },
          mappings: {
            dynamic: false,
            _meta: { mappingVersion: 1 },
            properties: {
              id: { type: 'keyword' },
              tenantId: { type: 'keyword' },
              title: textField({ sort: { type: 'keyword', normalizer: 'lowercase', ignore_above: 8191 } }),
              description: textField(),
              filename: textField(),
              itemType: { type: 'keyword' },
              state: { type: 'keyword' },
              approval: { type: 'keyword' },
              created: { type: 'date' },
              modified: { type: 'date' },
              folderIds: { type: 'keyword' },
              createdBy: { type: 'keyword' },
              ownerId: { type: 'keyword' },
              visibleTo: { type: 'object', properties: { level: { type: 'keyword' }, groups: { type: 'keyword' } } },
              content: { type: 'text' },
              contentWildcard: { type: 'wildcard' },
              fields: {
                type: 'object',
                properties: { genre: { ...exact, copy_to: ['content', 'contentWildcard'] } },
              },
              fieldValues: { type: 'object', properties: { genre: exact } },
              fieldSortKeys: { type: 'object', properties: { genre: exact } },
            },
          },
          settings: { number_of_shards: 1, 'mapping.ignore_malformed': true },
        },
      },
    ]);
  });

  it('puts the mapping of new fields on the index behind the alias', async () => {
    const { backend, requests } = setup({
      'GET /mam-items-t-1/_mapping': { body: { 'mam-items-t-1.v4': { mappings: indexMappings(fields) } } },
      'PUT /mam-items-t-1.v4/_mapping': acknowledged,
    });
    await backend.ensureIndex('t-1', [...fields, form('notes', 'text')]);
    expect(requests[1]).toEqual({
      method: 'PUT',
      path: '/mam-items-t-1.v4/_mapping',
      query: {},
      body: {
        properties: {
          fields: { type: 'object', properties: { notes: textField() } },
          fieldValues: { type: 'object', properties: { notes: exact } },
          fieldSortKeys: { type: 'object', properties: { notes: exact } },
        },
      },
    });
  });

  it('changes nothing when the index has every field', async () => {
    const { backend, requests } = setup({
      'GET /mam-items-t-1/_mapping': { body: { 'mam-items-t-1.v1': { mappings: indexMappings(fields) } } },
    });
    await backend.ensureIndex('t-1', fields);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /mam-items-t-1/_mapping']);
  });

  it('carries on with the index another process created first', async () => {
    const { backend, requests } = setup({
      'GET /mam-items-t-1/_mapping': [
        indexNotFound,
        { body: { 'mam-items-t-1.v1': { mappings: indexMappings(fields) } } },
      ],
      'PUT /mam-items-t-1.v1': {
        statusCode: 400,
        body: { error: { type: 'resource_already_exists_exception', reason: 'exists' }, status: 400 },
      },
    });
    await backend.ensureIndex('t-1', fields);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /mam-items-t-1/_mapping',
      'PUT /mam-items-t-1.v1',
      'GET /mam-items-t-1/_mapping',
    ]);
  });

  it('asks for a reindex, changing nothing, when a field changed kind', async () => {
    const { backend, requests } = setup({
      'GET /mam-items-t-1/_mapping': { body: { 'mam-items-t-1.v1': { mappings: indexMappings(fields) } } },
    });
    await expect(backend.ensureIndex('t-1', [form('genre', 'date')])).rejects.toThrow(
      ElasticsearchReindexRequiredError,
    );
    expect(requests).toHaveLength(1);
  });
});

describe('index and remove', () => {
  it('sends each tenant its own bulk request through its alias, source shaped for the mapping', async () => {
    const { backend, requests } = setup({ 'POST /_bulk': ok() });
    await backend.index(
      [
        doc('a', 't-1', { fields: { genre: ['Sport'], episode: 3 } }),
        doc('b', 't-2', { visibleTo: { level: 'owner', groups: [] } }),
        doc('c', 't-1'),
      ],
      { refresh: true },
    );
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/_bulk',
        query: { refresh: 'wait_for', require_alias: 'true' },
        body: [
          { index: { _index: 'mam-items-t-1', _id: 'a' } },
          source('a', 't-1', {
            fields: { genre: ['Sport'], episode: 3 },
            fieldValues: { genre: ['Sport'], episode: ['3'] },
            fieldSortKeys: { genre: ['sport'], episode: ['000000000000000000000003'] },
          }),
          { index: { _index: 'mam-items-t-1', _id: 'c' } },
          source('c', 't-1'),
        ],
      },
      {
        method: 'POST',
        path: '/_bulk',
        query: { refresh: 'wait_for', require_alias: 'true' },
        body: [
          { index: { _index: 'mam-items-t-2', _id: 'b' } },
          source('b', 't-2', { visibleTo: { level: 'owner', groups: [] } }),
        ],
      },
    ]);
  });

  it('sends nothing for no documents, and splits large batches into bulk requests of 500', async () => {
    const { backend, requests } = setup({ 'POST /_bulk': ok() });
    await backend.index([]);
    expect(requests).toEqual([]);
    await backend.index(Array.from({ length: 501 }, (_, index) => doc(`d${index}`, 't-1')));
    expect(requests.map((request) => (request.body as unknown[]).length)).toEqual([1000, 2]);
    expect(requests[0]!.query).toEqual({ require_alias: 'true' });
  });

  it('fails with the refused operations', async () => {
    const { backend } = setup({
      'POST /_bulk': {
        body: {
          errors: true,
          took: 1,
          items: [
            {
              index: {
                _index: 'mam-items-t-1',
                _id: 'a',
                status: 404,
                error: { type: 'index_not_found_exception', reason: 'no such index [mam-items-t-1]' },
              },
            },
          ],
        },
      },
    });
    await expect(backend.index([doc('a', 't-1')])).rejects.toThrow(
      new ElasticsearchBulkError([{ id: 'a', status: 404, reason: 'no such index [mam-items-t-1]' }]),
    );
  });

  it('removes by id through the alias', async () => {
    const { backend, requests } = setup({ 'POST /_bulk': ok() });
    await backend.remove('t-1', ['a', 'b'], { refresh: true });
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/_bulk',
        query: { refresh: 'wait_for', require_alias: 'true' },
        body: [{ delete: { _index: 'mam-items-t-1', _id: 'a' } }, { delete: { _index: 'mam-items-t-1', _id: 'b' } }],
      },
    ]);
  });

  it('refuses a tenant id that cannot name an index before sending anything', async () => {
    const { backend, requests } = setup({});
    await expect(backend.remove('T/1', ['a'])).rejects.toThrow('cannot name an Elasticsearch index');
    expect(requests).toEqual([]);
  });
});

describe('reindex', () => {
  const fields = [form('genre', 'keyword')];
  const mappings = indexMappings(fields);

  it('fills the next generation, swaps the alias in one request and drops the old index', async () => {
    const { backend, requests } = setup({
      'GET /_alias/mam-items-t-1': { body: { 'mam-items-t-1.v1': { aliases: { 'mam-items-t-1': {} } } } },
      'DELETE /mam-items-t-1.v2': indexNotFound,
      'PUT /mam-items-t-1.v2': acknowledged,
      'POST /_bulk': ok(),
      'GET /mam-items-t-1.v2/_refresh': { body: { _shards: { total: 1, successful: 1, failed: 0 } } },
      'POST /_aliases': acknowledged,
      'DELETE /mam-items-t-1.v1': acknowledged,
    });
    async function* batches() {
      yield [doc('a', 't-1'), doc('b', 't-1')];
      yield [doc('c', 't-1')];
    }
    expect(await backend.reindex('t-1', fields, batches())).toEqual({ indexed: 3 });
    expect(requests).toEqual([
      { method: 'GET', path: '/_alias/mam-items-t-1', query: {} },
      { method: 'DELETE', path: '/mam-items-t-1.v2', query: {} },
      {
        method: 'PUT',
        path: '/mam-items-t-1.v2',
        query: {},
        body: { mappings, settings: { number_of_shards: 1, 'mapping.ignore_malformed': true } },
      },
      {
        method: 'POST',
        path: '/_bulk',
        query: {},
        body: [
          { index: { _index: 'mam-items-t-1.v2', _id: 'a' } },
          source('a', 't-1'),
          { index: { _index: 'mam-items-t-1.v2', _id: 'b' } },
          source('b', 't-1'),
        ],
      },
      {
        method: 'POST',
        path: '/_bulk',
        query: {},
        body: [{ index: { _index: 'mam-items-t-1.v2', _id: 'c' } }, source('c', 't-1')],
      },
      { method: 'GET', path: '/mam-items-t-1.v2/_refresh', query: {} },
      {
        method: 'POST',
        path: '/_aliases',
        query: {},
        body: {
          actions: [
            { remove: { index: 'mam-items-t-1.v1', alias: 'mam-items-t-1' } },
            { add: { index: 'mam-items-t-1.v2', alias: 'mam-items-t-1' } },
          ],
        },
      },
      { method: 'DELETE', path: '/mam-items-t-1.v1', query: {} },
    ]);
  });

  it('starts at the first generation for a tenant without an index', async () => {
    const { backend, requests } = setup({
      'GET /_alias/mam-items-t-1': { statusCode: 404, body: { error: 'alias [mam-items-t-1] missing', status: 404 } },
      'DELETE /mam-items-t-1.v1': indexNotFound,
      'PUT /mam-items-t-1.v1': acknowledged,
      'GET /mam-items-t-1.v1/_refresh': { body: {} },
      'POST /_aliases': acknowledged,
    });
    expect(await backend.reindex('t-1', fields, [[]])).toEqual({ indexed: 0 });
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      path: '/_aliases',
      query: {},
      body: { actions: [{ add: { index: 'mam-items-t-1.v1', alias: 'mam-items-t-1' } }] },
    });
  });

  it('drops the half-built index and leaves the alias alone when a batch fails', async () => {
    const { backend, requests } = setup({
      'GET /_alias/mam-items-t-1': { body: { 'mam-items-t-1.v1': { aliases: { 'mam-items-t-1': {} } } } },
      'DELETE /mam-items-t-1.v2': acknowledged,
      'PUT /mam-items-t-1.v2': acknowledged,
    });
    await expect(backend.reindex('t-1', fields, [[doc('x', 't-2')]])).rejects.toThrow(
      'Item x of tenant t-2 in a reindex of t-1',
    );
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /_alias/mam-items-t-1',
      'DELETE /mam-items-t-1.v2',
      'PUT /mam-items-t-1.v2',
      'DELETE /mam-items-t-1.v2',
    ]);
  });
});

describe('search', () => {
  const request: EsSearchRequest = {
    ast: parseQuery('genre:sport goal*', { fields: [form('genre', 'keyword')] }).ast,
    scope: { kind: 'restricted', userId: 'u-1', orgMember: true, groupIds: ['g-1'] },
    filters: {
      itemTypes: ['video'],
      folderId: 'f-2',
      states: ['COMPLETE'],
      createdBy: ['u-2'],
      createdFrom: new Date('2024-01-01T00:00:00Z'),
      createdTo: new Date('2024-06-30T00:00:00Z'),
      fieldValues: [{ fieldId: 'genre', values: ['Sport'] }],
    },
    sort: { by: 'relevance' },
    offset: 20,
    limit: 10,
    facetFields: ['genre', 'approved'],
  };
  const answer: StubResponse = {
    body: {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { total: { value: 21, relation: 'eq' }, max_score: 2.1, hits: [{ _index: 'x', _id: 'a', _score: 2.1 }] },
      aggregations: {
        itemType: { buckets: [{ key: 'video', doc_count: 21 }] },
        state: { buckets: [{ key: 'COMPLETE', doc_count: 21 }] },
        createdBy: { buckets: [{ key: 'u-2', doc_count: 21 }] },
        field_0: { buckets: [{ key: 'Sport', doc_count: 21 }] },
        field_1: { buckets: [{ key: 'true', doc_count: 4 }] },
      },
    },
  };

  it('sends the query, visibility, tenant and filters in one body and maps the answer', async () => {
    const { backend, requests } = setup({ 'POST /mam-items-t-1/_search': answer });
    const itemType = { terms: { itemType: ['video'] } };
    const state = { terms: { state: ['COMPLETE'] } };
    const createdBy = { terms: { createdBy: ['u-2'] } };
    const genre = { terms: { 'fieldValues.genre': ['Sport'] } };
    const under = (field: string, others: unknown[]) => ({
      filter: { bool: { filter: others } },
      aggs: { values: { terms: { field, size: 20 } } },
    });
    expect(await backend.search('t-1', request)).toEqual({
      ids: ['a'],
      total: 21,
      facets: {
        itemType: [{ value: 'video', count: 21 }],
        state: [{ value: 'COMPLETE', count: 21 }],
        approval: [],
        createdBy: [{ value: 'u-2', count: 21 }],
        fields: { genre: [{ value: 'Sport', count: 21 }], approved: [{ value: 'true', count: 4 }] },
      },
    });
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/mam-items-t-1/_search',
        query: {},
        body: {
          query: {
            bool: {
              filter: [
                { term: { tenantId: 't-1' } },
                {
                  bool: {
                    should: [
                      { term: { ownerId: 'u-1' } },
                      { term: { 'visibleTo.level': 'tenant' } },
                      {
                        bool: {
                          filter: [
                            { term: { 'visibleTo.level': 'selected_groups' } },
                            { terms: { 'visibleTo.groups': ['g-1'] } },
                          ],
                        },
                      },
                    ],
                    minimum_should_match: 1,
                  },
                },
                { term: { folderIds: 'f-2' } },
                { range: { created: { gte: '2024-01-01T00:00:00.000Z', lte: '2024-06-30T00:00:00.000Z' } } },
              ],
              must: [
                {
                  bool: {
                    must: [
                      { term: { 'fields.genre': { value: 'sport', case_insensitive: true } } },
                      { wildcard: { content: { value: 'goal*', case_insensitive: true } } },
                    ],
                  },
                },
              ],
            },
          },
          sort: [{ _score: { order: 'desc' } }, { created: { order: 'desc' } }, { id: { order: 'desc' } }],
          from: 20,
          size: 10,
          track_total_hits: true,
          _source: false,
          // The ticked facets narrow the hits alone; each facet counts under the others' ticks.
          post_filter: { bool: { filter: [itemType, state, createdBy, genre] } },
          aggs: {
            itemType: under('itemType', [state, createdBy, genre]),
            state: under('state', [itemType, createdBy, genre]),
            approval: under('approval', [itemType, state, createdBy, genre]),
            createdBy: under('createdBy', [itemType, state, genre]),
            field_0: under('fieldValues.genre', [itemType, state, createdBy]),
            field_1: under('fieldValues.approved', [itemType, state, createdBy, genre]),
          },
        },
      },
    ]);
  });

  it('asks for a page alone through the alias, with neither a total nor aggregations, and gives its ids', async () => {
    const { backend, requests } = setup({
      'POST /mam-items-t-1/_search': {
        body: {
          took: 1,
          timed_out: false,
          _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
          hits: {
            max_score: 2.1,
            hits: [
              { _index: 'x', _id: 'b', _score: 2.1 },
              { _index: 'x', _id: 'c', _score: 1 },
            ],
          },
        },
      },
    });
    const { facetFields: _counted, ...page } = request;
    expect(await backend.page('t-1', page)).toEqual(['b', 'c']);
    const body = requests[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ from: 20, size: 10, track_total_hits: false, _source: false });
    expect(body).not.toHaveProperty('aggs');
  });

  it("asks the tenant's own index alone for suggestions (its words, no other tenant's) and maps them", async () => {
    const { backend, requests } = setup({
      'POST /mam-items-t-1/_search': {
        body: {
          took: 1,
          timed_out: false,
          _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
          hits: { hits: [] },
          suggest: {
            words: [{ text: 'gaol', offset: 0, length: 4, options: [{ text: 'goal', score: 0.75, freq: 3 }] }],
          },
        },
      },
    });
    expect(await backend.suggest('t-1', ['gaol'])).toEqual(new Map([['gaol', 'goal']]));
    expect(requests.map((r) => r.path)).toEqual(['/mam-items-t-1/_search']);
    expect(requests[0]!.body).toMatchObject({ size: 0, suggest: { text: 'gaol' } });
    expect(await backend.suggest('t-1', [])).toEqual(new Map());
    expect(requests).toHaveLength(1);
  });

  const sorts: [EsSearchSort, unknown[]][] = [
    [{ by: 'created', direction: 'asc' }, [{ created: { order: 'asc' } }, { id: { order: 'desc' } }]],
    [{ by: 'modified', direction: 'desc' }, [{ modified: { order: 'desc' } }, { id: { order: 'desc' } }]],
    [{ by: 'title', direction: 'asc' }, [{ 'title.sort': { order: 'asc' } }, { id: { order: 'desc' } }]],
    [
      { by: 'field', fieldId: 'episode', direction: 'desc' },
      [
        { 'fieldSortKeys.episode': { order: 'desc', mode: 'max', missing: '_last', unmapped_type: 'keyword' } },
        { id: { order: 'desc' } },
      ],
    ],
  ];
  it.each(sorts)('sends the sort %j', async (sort, expected) => {
    const { backend, requests } = setup({ 'POST /mam-items-t-1/_search': answer });
    await backend.search('t-1', { ...request, scope: { kind: 'all' }, filters: {}, facetFields: [], sort });
    const body = requests[0]!.body as Record<string, unknown>;
    expect(body.sort).toEqual(expected);
    // A scope that sees everything and no filters leave the tenant term alone in the filter.
    expect((body.query as { bool: { filter: unknown } }).bool.filter).toEqual([{ term: { tenantId: 't-1' } }]);
  });
});

describe('drop and close', () => {
  it('deletes the indexes behind the alias', async () => {
    const { backend, requests } = setup({
      'GET /_alias/mam-items-t-1': { body: { 'mam-items-t-1.v3': { aliases: { 'mam-items-t-1': {} } } } },
      'DELETE /mam-items-t-1.v3': acknowledged,
    });
    await backend.drop('t-1');
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /_alias/mam-items-t-1',
      'DELETE /mam-items-t-1.v3',
    ]);
  });

  it('leaves a client the caller passed in open', async () => {
    const { client } = recordingClient(routes({ 'HEAD /': {} }));
    const backend = createElasticsearchBackend({ node: 'http://unused:9200', client, indexPrefix: 'other' });
    await backend.close();
    expect(await client.ping()).toBe(true);
  });
});
