/**
 * The filters of an item search besides its query, the same for every backend (PostgreSQL in @mam/db, Elasticsearch
 * in @mam/search).
 */
export interface TItemSearchFilters {
  /** The item-type facet's ticked values. */
  itemTypes?: string[];
  /**
   * The types a search is confined to whatever the item-type facet ticks (the media types of an 'Assets' search):
   * unlike itemTypes, it also bounds that facet's own counts.
   */
  itemTypeScope?: string[];
  /** The folder and everything below it. */
  folderId?: string;
  states?: string[];
  /** Approval statuses (core's approvalStatuses); an item matches any of them. */
  approvals?: string[];
  createdBy?: string[];
  createdFrom?: Date;
  createdTo?: Date;
  /** Values of one field are alternatives; fields are all required. */
  fieldValues?: Array<{ fieldId: string; values: string[] }>;
}

/** A facet whose values a search counts: a built-in one or a form field's (`field:<fieldId>`). */
export type TFacetKey = 'itemType' | 'state' | 'approval' | 'createdBy' | `field:${string}`;

/** The ticked values of one counted facet: an item passes when it has any of them. */
export type TFacetFilter =
  | { facet: 'itemType' | 'state' | 'approval' | 'createdBy'; values: string[] }
  | { facet: `field:${string}`; fieldId: string; values: string[] };

/**
 * The filters split for multi-select facets ("disjunctive faceting"): `base` holds every filter that is no counted
 * facet's ticks, `facets` the ticks of each counted facet. The hits and the total pass base and every facet filter;
 * a facet's own counts pass base and every other facet's filter, so ticking a value keeps its siblings' counts.
 * A field's values count as a facet only when the search counts that field (`facetFields`); otherwise they filter
 * like any other condition.
 */
export function disjunctiveFilters(
  filters: TItemSearchFilters,
  facetFields: readonly string[],
): { base: TItemSearchFilters; facets: TFacetFilter[] } {
  const facets: TFacetFilter[] = [];
  const builtin = (facet: 'itemType' | 'state' | 'approval' | 'createdBy', values: string[] | undefined) => {
    if (values?.length) facets.push({ facet, values });
  };
  builtin('itemType', filters.itemTypes);
  builtin('state', filters.states);
  builtin('approval', filters.approvals);
  builtin('createdBy', filters.createdBy);
  const counted = new Set(facetFields);
  const otherFields: NonNullable<TItemSearchFilters['fieldValues']> = [];
  for (const entry of filters.fieldValues ?? []) {
    // An empty list matches nothing; as a filter of its own it keeps doing so.
    if (counted.has(entry.fieldId) && entry.values.length > 0) {
      facets.push({ facet: `field:${entry.fieldId}`, fieldId: entry.fieldId, values: entry.values });
    } else otherFields.push(entry);
  }
  const base: TItemSearchFilters = {
    ...filters,
    itemTypes: undefined,
    states: undefined,
    approvals: undefined,
    createdBy: undefined,
    fieldValues: otherFields.length > 0 ? otherFields : undefined,
  };
  return { base, facets };
}
