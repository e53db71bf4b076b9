import type { estypes } from '@elastic/elasticsearch';
import { fieldFacetName } from './elasticsearch.request';

/** One value of a facet and how many matching items have it (@mam/db's TFacetCount). */
export interface EsFacetCount {
  value: string;
  count: number;
}

export interface EsSearchFacets {
  itemType: EsFacetCount[];
  state: EsFacetCount[];
  approval: EsFacetCount[];
  createdBy: EsFacetCount[];
  fields: Record<string, EsFacetCount[]>;
}

export interface EsSearchResult {
  /** Item ids of the page, in order. */
  ids: string[];
  total: number;
  facets: EsSearchFacets;
}

interface TermsBucket {
  key: unknown;
  key_as_string?: string;
  doc_count: number;
}

function facetCounts(aggregate: estypes.AggregationsAggregate | undefined): EsFacetCount[] {
  // A facet counted under the other facets' ticks is a filter aggregation around its terms (facetAggregations).
  if (aggregate && 'values' in aggregate) return facetCounts(aggregate.values as estypes.AggregationsAggregate);
  if (!aggregate || !('buckets' in aggregate) || !Array.isArray(aggregate.buckets)) return [];
  return (aggregate.buckets as TermsBucket[]).map((bucket) => ({
    // Booleans and numbers come with a numeric key and their text in key_as_string.
    value: bucket.key_as_string ?? String(bucket.key),
    count: bucket.doc_count,
  }));
}

function totalOf(total: estypes.SearchHitsMetadata['total']): number {
  if (total === undefined) return 0;
  return typeof total === 'number' ? total : total.value;
}

/** The item ids of a response's page, in order. */
export function pageIds(response: estypes.SearchResponse): string[] {
  return response.hits.hits.flatMap((hit) => (hit._id ? [hit._id] : []));
}

/** The page, total and facets of a search response to a body built by searchRequestBody. */
export function searchResult(response: estypes.SearchResponse, facetFields: readonly string[]): EsSearchResult {
  const aggregations = response.aggregations ?? {};
  const fields: Record<string, EsFacetCount[]> = {};
  facetFields.forEach((fieldId, index) => {
    fields[fieldId] = facetCounts(aggregations[fieldFacetName(index)]);
  });
  return {
    ids: pageIds(response),
    total: totalOf(response.hits.total),
    facets: {
      itemType: facetCounts(aggregations.itemType),
      state: facetCounts(aggregations.state),
      approval: facetCounts(aggregations.approval),
      createdBy: facetCounts(aggregations.createdBy),
      fields,
    },
  };
}
