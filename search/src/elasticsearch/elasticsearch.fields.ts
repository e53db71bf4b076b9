import type { SearchField } from '../search-field';

/** Bare words: every text and keyword value of the item, copied here at index time (a custom `_all`). */
export const contentField = 'content';
/** The same values in a `wildcard` field, for `*` and `?` patterns anywhere in the text. */
export const contentWildcardField = 'contentWildcard';
/** Sub-fields of every text field: exact value and pattern matching. */
export const keywordSubField = 'keyword';
export const wildcardSubField = 'wildcard';
/** Sub-field of the title: lower-cased for sorting, as PostgreSQL sorts by `lower(title)`. */
export const sortSubField = 'sort';

/**
 * Form values as PostgreSQL's `item_field_value.value_text` holds them (booleans as 'true' / 'false', numbers as
 * text), whatever the field's kind: filters and facets read these so that both back ends count the same strings.
 */
export const fieldValuesProperty = 'fieldValues';
/** Per form field, the keys PostgreSQL sorts by (numbers zero-padded, text lower-cased). */
export const fieldSortKeysProperty = 'fieldSortKeys';
/** Form values typed by kind, the paths the query compiler searches. */
export const formFieldsProperty = 'fields';

/** Longest keyword kept: Lucene refuses terms over 32,766 bytes, and a character takes up to four. */
export const keywordIgnoreAbove = 8191;

const builtinPaths: Record<string, string> = {
  title: 'title',
  description: 'description',
  filename: 'filename',
  type: 'itemType',
  state: 'state',
  approval: 'approval',
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
  return `${formFieldsProperty}.${field.id}`;
}
