import { disjunctiveFilters, type TFacetFilter, type TItemSearchFilters, type TViewScope } from '@mam/core';
import type { QueryNode } from '../query.ast';
import { compileToElasticsearch, type ElasticsearchQuery } from './elasticsearch.compiler';
import { fieldSortKeysProperty, fieldValuesProperty, sortSubField } from './elasticsearch.fields';

/** The filters of a search besides its query: the same as @mam/db's item search takes. */
export type EsSearchFilters = TItemSearchFilters;

export type EsSearchSort =
  | { by: 'relevance' }
  | { by: 'created' | 'modified' | 'title'; direction: 'asc' | 'desc' }
  | { by: 'field'; fieldId: string; direction: 'asc' | 'desc' };

/** @mam/db's TItemSearchRequest with the parsed query in place of SQL. */
export interface EsSearchRequest {
  ast: QueryNode;
  scope: TViewScope;
  filters: EsSearchFilters;
  sort: EsSearchSort;
  offset: number;
  limit: number;
  /** Form fields whose values are counted over the matches. */
  facetFields: string[];
}

/** A page without the total and facets: a list's later pages, whose first page counted them. */
export type EsPageRequest = Omit<EsSearchRequest, 'facetFields'>;

/** At most this many values per facet, the most frequent first, as in PostgreSQL. */
export const facetLimit = 20;

export type EsSortClause = Record<string, Record<string, unknown>>;
export type EsTermsAggregation = { terms: { field: string; size: number } };
/** A facet's counts over the matches that pass the other facets' ticks (multi-select facets). */
export type EsFilteredAggregation = {
  filter: ElasticsearchQuery;
  aggs: { values: EsTermsAggregation };
};
export type EsAggregation = EsTermsAggregation | EsFilteredAggregation;

export interface EsSearchBody {
  query: ElasticsearchQuery;
  sort: EsSortClause[];
  from: number;
  size: number;
  track_total_hits: true;
  _source: false;
  aggs: Record<string, EsAggregation>;
  /** The ticked facets' filters: they narrow the hits and the total, not the aggregations. */
  post_filter?: ElasticsearchQuery;
}

/** A page's body: the same query and order, with neither a total nor aggregations to compute. */
export type EsPageBody = Omit<EsSearchBody, 'track_total_hits' | 'aggs' | 'post_filter'> & { track_total_hits: false };

/**
 * `canView` as a filter, the same rule as PostgreSQL's visibleItemsCondition: the owner sees theirs; otherwise the
 * level decides (tenant → organisation members, selected_groups → members of a listed group, owner → nobody else).
 * Indexing stores a missing visibility as the tenant level it stands for.
 */
export function visibilityQuery(scope: TViewScope): ElasticsearchQuery | undefined {
  if (scope.kind === 'all') return undefined;
  const should: ElasticsearchQuery[] = [{ term: { ownerId: scope.userId } }];
  if (scope.orgMember) should.push({ term: { 'visibleTo.level': 'tenant' } });
  if (scope.groupIds.length > 0) {
    should.push({
      bool: {
        filter: [{ term: { 'visibleTo.level': 'selected_groups' } }, { terms: { 'visibleTo.groups': scope.groupIds } }],
      },
    });
  }
  return { bool: { should, minimum_should_match: 1 } };
}

/** The filters as exact term-level queries; an empty list filters nothing, like PostgreSQL's. */
export function filterQueries(filters: EsSearchFilters): ElasticsearchQuery[] {
  const queries: ElasticsearchQuery[] = [];
  if (filters.itemTypeScope?.length) queries.push({ terms: { itemType: filters.itemTypeScope } });
  if (filters.itemTypes?.length) queries.push({ terms: { itemType: filters.itemTypes } });
  if (filters.folderId) queries.push({ term: { folderIds: filters.folderId } });
  if (filters.states?.length) queries.push({ terms: { state: filters.states } });
  if (filters.approvals?.length) queries.push({ terms: { approval: filters.approvals } });
  if (filters.createdBy?.length) queries.push({ terms: { createdBy: filters.createdBy } });
  if (filters.createdFrom || filters.createdTo) {
    queries.push({
      range: {
        created: {
          ...(filters.createdFrom ? { gte: filters.createdFrom.toISOString() } : {}),
          ...(filters.createdTo ? { lte: filters.createdTo.toISOString() } : {}),
        },
      },
    });
  }
  for (const { fieldId, values } of filters.fieldValues ?? []) {
    // No values matches nothing, as `value_text = ANY('{}')` does.
    queries.push({ terms: { [`${fieldValuesProperty}.${fieldId}`]: values } });
  }
  return queries;
}

/** PostgreSQL's orderBy: ties go to the highest id first; relevance ties to the newest item first. */
export function sortClauses(sort: EsSearchSort): EsSortClause[] {
  const byId: EsSortClause = { id: { order: 'desc' } };
  switch (sort.by) {
    case 'relevance':
      return [{ _score: { order: 'desc' } }, { created: { order: 'desc' } }, byId];
    case 'created':
      return [{ created: { order: sort.direction } }, byId];
    case 'modified':
      return [{ modified: { order: sort.direction } }, byId];
    case 'title':
      return [{ [`title.${sortSubField}`]: { order: sort.direction } }, byId];
    case 'field':
      // min ascending, max descending, items without the field last either way.
      return [
        {
          [`${fieldSortKeysProperty}.${sort.fieldId}`]: {
            order: sort.direction,
            mode: sort.direction === 'asc' ? 'min' : 'max',
            missing: '_last',
            unmapped_type: 'keyword',
          },
        },
        byId,
      ];
  }
}

/** Aggregation name of the n-th facet field: field ids are not used as names, so that no id needs escaping. */
export const fieldFacetName = (index: number): string => `field_${index}`;

/** A ticked facet's filter: an item passes with any of its values. */
function facetFilterQuery(filter: TFacetFilter): ElasticsearchQuery {
  const property = filter.facet.startsWith('field:')
    ? `${fieldValuesProperty}.${filter.facet.slice('field:'.length)}`
    : filter.facet;
  return { terms: { [property]: filter.values } };
}

/**
 * The facets' aggregations. With ticked facets (`ticked`, kept out of the query as a post_filter), each facet counts
 * the matches passing every other facet's ticks, so that its own values keep their counts.
 */
export function facetAggregations(
  facetFields: readonly string[],
  ticked: readonly TFacetFilter[] = [],
): Record<string, EsAggregation> {
  const aggregation = (facet: string, field: string): EsAggregation => {
    const terms: EsTermsAggregation = { terms: { field, size: facetLimit } };
    const others = ticked.filter((filter) => filter.facet !== facet).map(facetFilterQuery);
    return others.length === 0 ? terms : { filter: { bool: { filter: others } }, aggs: { values: terms } };
  };
  return {
    itemType: aggregation('itemType', 'itemType'),
    state: aggregation('state', 'state'),
    approval: aggregation('approval', 'approval'),
    createdBy: aggregation('createdBy', 'createdBy'),
    ...Object.fromEntries(
      facetFields.map((fieldId, index) => [
        fieldFacetName(index),
        aggregation(`field:${fieldId}`, `${fieldValuesProperty}.${fieldId}`),
      ]),
    ),
  };
}

/**
 * The body of one search: the query scores, the tenant, visibility and filters only filter, so the hits, the total
 * and every facet count the same visible set. The tenant term repeats what the per-tenant index already ensures.
 */
export function searchRequestBody(tenantId: string, request: EsSearchRequest): EsSearchBody {
  const { base, facets } = disjunctiveFilters(request.filters, request.facetFields);
  return {
    ...pageRequestBody(tenantId, { ...request, filters: base }),
    track_total_hits: true,
    aggs: facetAggregations(request.facetFields, facets),
    ...(facets.length > 0 ? { post_filter: { bool: { filter: facets.map(facetFilterQuery) } } } : {}),
  };
}

/** The body of one page of a search, as searchRequestBody's hits, counting nothing. */
export function pageRequestBody(tenantId: string, request: EsPageRequest): EsPageBody {
  const visibility = visibilityQuery(request.scope);
  return {
    query: {
      bool: {
        filter: [{ term: { tenantId } }, ...(visibility ? [visibility] : []), ...filterQueries(request.filters)],
        must: [compileToElasticsearch(request.ast)],
      },
    },
    sort: sortClauses(request.sort),
    from: request.offset,
    size: request.limit,
    track_total_hits: false,
    _source: false,
  };
}
