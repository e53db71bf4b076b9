import {
  contentField,
  contentWildcardField,
  elasticsearchPath,
  keywordSubField,
  wildcardSubField,
} from './elasticsearch.fields';
import { builtinSearchFields, type SearchField, type SearchFieldKind } from './search-field';

export type ElasticsearchFieldMapping = { type: string } & Record<string, unknown>;

export interface ElasticsearchMapping {
  dynamic: false;
  properties: Record<string, ElasticsearchFieldMapping>;
}

const copyToContent = [contentField, contentWildcardField];

function fieldMapping(kind: SearchFieldKind): ElasticsearchFieldMapping {
  switch (kind) {
    case 'text':
      return {
        type: 'text',
        copy_to: copyToContent,
        fields: {
          [keywordSubField]: { type: 'keyword', ignore_above: 256 },
          [wildcardSubField]: { type: 'wildcard' },
        },
      };
    case 'keyword':
      return { type: 'keyword' };
    case 'date':
      return { type: 'date' };
    case 'number':
      return { type: 'double' };
    case 'boolean':
      return { type: 'boolean' };
  }
}

/**
 * The index mapping for items: built-in properties at the top, form fields under `fields` typed by kind, text
 * values copied into `content` for bare words. Dynamic mapping is off so a stray property cannot change the schema.
 */
export function elasticsearchMapping(fields: readonly SearchField[]): ElasticsearchMapping {
  const builtinIds = new Set(builtinSearchFields.map((field) => field.id));
  const formProperties: Record<string, ElasticsearchFieldMapping> = {};
  for (const field of fields) {
    // Built-ins are mapped below whatever the caller lists; a form field cannot shadow one (see the catalogue).
    if (field.source === 'builtin' || builtinIds.has(field.id)) continue;
    formProperties[field.id] = fieldMapping(field.kind);
  }
  const properties: Record<string, ElasticsearchFieldMapping> = { tenantId: { type: 'keyword' } };
  for (const field of builtinSearchFields) properties[elasticsearchPath(field)] = fieldMapping(field.kind);
  return {
    dynamic: false,
    properties: {
      ...properties,
      [contentField]: { type: 'text' },
      [contentWildcardField]: { type: 'wildcard' },
      fields: { type: 'object', properties: formProperties },
    },
  };
}
