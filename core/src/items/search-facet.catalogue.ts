/** The facets the search page offers besides the metadata fields' own; the console names and explains each. */
export const searchFacets = ['itemType', 'state', 'approval', 'createdBy', 'created'] as const;
export type SearchFacet = (typeof searchFacets)[number];
