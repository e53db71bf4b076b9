import { parseQuery } from '../query.parser';
import {
  facetAggregations,
  filterQueries,
  pageRequestBody,
  searchRequestBody,
  sortClauses,
  visibilityQuery,
  type EsSearchSort,
} from './elasticsearch.request';

describe('visibilityQuery', () => {
  it('filters nothing for a scope that sees everything', () => {
    expect(visibilityQuery({ kind: 'all' })).toBeUndefined();
  });

  it('lets the owner, organisation members (tenant level) and members of a listed group see an item', () => {
    expect(visibilityQuery({ kind: 'restricted', userId: 'u-1', orgMember: true, groupIds: ['g-1', 'g-2'] })).toEqual({
      bool: {
        should: [
          { term: { ownerId: 'u-1' } },
          { term: { 'visibleTo.level': 'tenant' } },
          {
            bool: {
              filter: [
                { term: { 'visibleTo.level': 'selected_groups' } },
                { terms: { 'visibleTo.groups': ['g-1', 'g-2'] } },
              ],
            },
          },
        ],
        minimum_should_match: 1,
      },
    });
  });

  it('leaves only owned items to a user outside the organisation group and any other group', () => {
    expect(visibilityQuery({ kind: 'restricted', userId: 'u-1', orgMember: false, groupIds: [] })).toEqual({
      bool: { should: [{ term: { ownerId: 'u-1' } }], minimum_should_match: 1 },
    });
  });
});

describe('filterQueries', () => {
  it('maps every filter to an exact term-level query', () => {
    expect(
      filterQueries({
        itemTypes: ['video', 'audio'],
        folderId: 'f-1',
        states: ['COMPLETE'],
        approvals: ['approved'],
        createdBy: ['u-1'],
        createdFrom: new Date('2024-01-01T00:00:00Z'),
        createdTo: new Date('2024-12-31T23:59:59Z'),
        fieldValues: [
          { fieldId: 'genre', values: ['Sport', 'News'] },
          { fieldId: 'approved', values: ['true'] },
        ],
      }),
    ).toEqual([
      { terms: { itemType: ['video', 'audio'] } },
      { term: { folderIds: 'f-1' } },
      { terms: { state: ['COMPLETE'] } },
      { terms: { approval: ['approved'] } },
      { terms: { createdBy: ['u-1'] } },
      { range: { created: { gte: '2024-01-01T00:00:00.000Z', lte: '2024-12-31T23:59:59.000Z' } } },
      { terms: { 'fieldValues.genre': ['Sport', 'News'] } },
      { terms: { 'fieldValues.approved': ['true'] } },
    ]);
  });

  it('ignores empty lists of types, states and creators but keeps a field with no values (it matches nothing)', () => {
    expect(
      filterQueries({ itemTypes: [], states: [], createdBy: [], fieldValues: [{ fieldId: 'genre', values: [] }] }),
    ).toEqual([{ terms: { 'fieldValues.genre': [] } }]);
    expect(filterQueries({ createdTo: new Date('2024-01-01T00:00:00Z') })).toEqual([
      { range: { created: { lte: '2024-01-01T00:00:00.000Z' } } },
    ]);
  });
});

describe('sortClauses', () => {
  const byId = { id: { order: 'desc' } };
  const cases: [EsSearchSort, unknown[]][] = [
    [{ by: 'relevance' }, [{ _score: { order: 'desc' } }, { created: { order: 'desc' } }, byId]],
    [{ by: 'created', direction: 'asc' }, [{ created: { order: 'asc' } }, byId]],
    [{ by: 'modified', direction: 'desc' }, [{ modified: { order: 'desc' } }, byId]],
    [{ by: 'title', direction: 'asc' }, [{ 'title.sort': { order: 'asc' } }, byId]],
    [
      { by: 'field', fieldId: 'episode', direction: 'asc' },
      [{ 'fieldSortKeys.episode': { order: 'asc', mode: 'min', missing: '_last', unmapped_type: 'keyword' } }, byId],
    ],
    [
      { by: 'field', fieldId: 'episode', direction: 'desc' },
      [{ 'fieldSortKeys.episode': { order: 'desc', mode: 'max', missing: '_last', unmapped_type: 'keyword' } }, byId],
    ],
  ];
  it.each(cases)('sorts %j', (sort, expected) => {
    expect(sortClauses(sort)).toEqual(expected);
  });
});

describe('facetAggregations', () => {
  it('counts the built-in facets and each field by position, at most 20 values', () => {
    expect(facetAggregations(['genre', 'approved'])).toEqual({
      itemType: { terms: { field: 'itemType', size: 20 } },
      state: { terms: { field: 'state', size: 20 } },
      approval: { terms: { field: 'approval', size: 20 } },
      createdBy: { terms: { field: 'createdBy', size: 20 } },
      field_0: { terms: { field: 'fieldValues.genre', size: 20 } },
      field_1: { terms: { field: 'fieldValues.approved', size: 20 } },
    });
  });
});

describe('searchRequestBody', () => {
  it('scores the query and filters by tenant, visibility and filters, so facets count the visible matches', () => {
    expect(
      searchRequestBody('t-1', {
        ast: parseQuery('goal').ast,
        scope: { kind: 'restricted', userId: 'u-1', orgMember: true, groupIds: [] },
        filters: { itemTypeScope: ['video'] },
        sort: { by: 'created', direction: 'desc' },
        offset: 40,
        limit: 20,
        facetFields: [],
      }),
    ).toEqual({
      query: {
        bool: {
          filter: [
            { term: { tenantId: 't-1' } },
            {
              bool: {
                should: [{ term: { ownerId: 'u-1' } }, { term: { 'visibleTo.level': 'tenant' } }],
                minimum_should_match: 1,
              },
            },
            { terms: { itemType: ['video'] } },
          ],
          must: [{ match: { content: { query: 'goal', operator: 'and' } } }],
        },
      },
      sort: [{ created: { order: 'desc' } }, { id: { order: 'desc' } }],
      from: 40,
      size: 20,
      track_total_hits: true,
      _source: false,
      aggs: {
        itemType: { terms: { field: 'itemType', size: 20 } },
        state: { terms: { field: 'state', size: 20 } },
        approval: { terms: { field: 'approval', size: 20 } },
        createdBy: { terms: { field: 'createdBy', size: 20 } },
      },
    });
  });
});

describe('searchRequestBody with ticked facets (multi-select)', () => {
  const body = searchRequestBody('t-1', {
    ast: parseQuery('goal').ast,
    scope: { kind: 'all' },
    filters: {
      folderId: 'folder-1',
      states: ['COMPLETE'],
      itemTypes: ['video', 'audio'],
      fieldValues: [
        { fieldId: 'genre', values: ['football', 'tennis'] },
        { fieldId: 'notes', values: ['x'] },
      ],
    },
    sort: { by: 'relevance' },
    offset: 0,
    limit: 10,
    facetFields: ['genre', 'tags'],
  });

  it('keeps the ticks out of the query, which keeps the other filters, and narrows the hits by a post_filter', () => {
    expect((body.query.bool as { filter: unknown }).filter).toEqual([
      { term: { tenantId: 't-1' } },
      { term: { folderIds: 'folder-1' } },
      // Not a counted facet: it filters the matches of every count.
      { terms: { 'fieldValues.notes': ['x'] } },
    ]);
    expect(body.post_filter).toEqual({
      bool: {
        filter: [
          { terms: { itemType: ['video', 'audio'] } },
          { terms: { state: ['COMPLETE'] } },
          { terms: { 'fieldValues.genre': ['football', 'tennis'] } },
        ],
      },
    });
  });

  it("counts each facet under every other facet's ticks, not its own", () => {
    expect(body.aggs).toEqual({
      itemType: {
        filter: {
          bool: {
            filter: [{ terms: { state: ['COMPLETE'] } }, { terms: { 'fieldValues.genre': ['football', 'tennis'] } }],
          },
        },
        aggs: { values: { terms: { field: 'itemType', size: 20 } } },
      },
      state: {
        filter: {
          bool: {
            filter: [
              { terms: { itemType: ['video', 'audio'] } },
              { terms: { 'fieldValues.genre': ['football', 'tennis'] } },
            ],
          },
        },
        aggs: { values: { terms: { field: 'state', size: 20 } } },
      },
      approval: {
        filter: {
          bool: {
            filter: [
              { terms: { itemType: ['video', 'audio'] } },
              { terms: { state: ['COMPLETE'] } },
              { terms: { 'fieldValues.genre': ['football', 'tennis'] } },
            ],
          },
        },
        aggs: { values: { terms: { field: 'approval', size: 20 } } },
      },
      createdBy: {
        filter: {
          bool: {
            filter: [
              { terms: { itemType: ['video', 'audio'] } },
              { terms: { state: ['COMPLETE'] } },
              { terms: { 'fieldValues.genre': ['football', 'tennis'] } },
            ],
          },
        },
        aggs: { values: { terms: { field: 'createdBy', size: 20 } } },
      },
      field_0: {
        filter: { bool: { filter: [{ terms: { itemType: ['video', 'audio'] } }, { terms: { state: ['COMPLETE'] } }] } },
        aggs: { values: { terms: { field: 'fieldValues.genre', size: 20 } } },
      },
      field_1: {
        filter: {
          bool: {
            filter: [
              { terms: { itemType: ['video', 'audio'] } },
              { terms: { state: ['COMPLETE'] } },
              { terms: { 'fieldValues.genre': ['football', 'tennis'] } },
            ],
          },
        },
        aggs: { values: { terms: { field: 'fieldValues.tags', size: 20 } } },
      },
    });
  });

  it('gives the same hits as the page body, which filters by everything in its query', () => {
    const page = pageRequestBody('t-1', {
      ast: parseQuery('goal').ast,
      scope: { kind: 'all' },
      filters: { itemTypes: ['video'], itemTypeScope: ['video', 'audio'] },
      sort: { by: 'relevance' },
      offset: 0,
      limit: 10,
    });
    expect((page.query.bool as { filter: unknown }).filter).toEqual([
      { term: { tenantId: 't-1' } },
      { terms: { itemType: ['video', 'audio'] } },
      { terms: { itemType: ['video'] } },
    ]);
  });
});

describe('pageRequestBody', () => {
  it("asks for searchRequestBody's hits and nothing counted: no total, no aggregations", () => {
    const request = {
      ast: parseQuery('genre:football').ast,
      scope: { kind: 'all' as const },
      filters: {},
      sort: { by: 'relevance' as const },
      offset: 48,
      limit: 49,
    };
    const {
      track_total_hits: counted,
      aggs,
      ...hits
    } = searchRequestBody('t-1', { ...request, facetFields: ['genre'] });
    expect(counted).toBe(true);
    expect(Object.keys(aggs)).toContain('field_0');
    expect(pageRequestBody('t-1', request)).toEqual({ ...hits, track_total_hits: false });
  });
});
