import type { SearchField } from './search-field';

/** Bare words: every text value of the item, copied here at index time (a custom `_all`). */
export const contentField = 'content';
/** The same values in a `wildcard` field, for `*` and `?` patterns anywhere in the text. */
export const contentWildcardField = 'contentWildcard';
/** Sub-fields of every text field: exact value (sorting, aggregations) and pattern matching. */
export const keywordSubField = 'keyword';
export const wildcardSubField = 'wildcard';

const builtinPaths: Record<string, string> = {
  title: 'title',
  description: 'description',
  filename: 'filename',
  type: 'itemType',
  state: 'state',
  created: 'created',
  modified: 'modified',
};

/** The document path of a field: built-ins at the top, form fields under `fields.<fieldId>`. */
export function elasticsearchPath(field: SearchField): string {
  if (field.source === 'builtin') {
    const path = builtinPaths[field.id];
    if (!path) throw new Error(`No Elasticsearch path for the built-in field ${field.id}`);
    return path;
  }
  return `fields.${field.id}`;
}
