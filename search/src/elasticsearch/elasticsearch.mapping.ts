import {
  contentField,
  contentWildcardField,
  elasticsearchPath,
  fieldSortKeysProperty,
  fieldValuesProperty,
  formFieldsProperty,
  keywordIgnoreAbove,
  keywordSubField,
  sortSubField,
  wildcardSubField,
} from './elasticsearch.fields';
import { builtinSearchFields, type SearchField, type SearchFieldKind } from '../search-field';

export type ElasticsearchFieldMapping = { type: string } & Record<string, unknown>;

export interface ElasticsearchMapping {
  dynamic: false;
  properties: Record<string, ElasticsearchFieldMapping>;
}

const copyToContent = [contentField, contentWildcardField];
const keyword = { type: 'keyword' } as const;
const longKeyword = { type: 'keyword', ignore_above: keywordIgnoreAbove } as const;

function textMapping(): ElasticsearchFieldMapping {
  return {
    type: 'text',
    copy_to: copyToContent,
    fields: {
      [keywordSubField]: { type: 'keyword', ignore_above: 256 },
      [wildcardSubField]: { type: 'wildcard' },
    },
  };
}

function fieldMapping(kind: SearchFieldKind, source: SearchField['source']): ElasticsearchFieldMapping {
  switch (kind) {
    case 'text':
      return textMapping();
    case 'keyword':
      // Choice values are words of PostgreSQL's document too, so bare words find them (`sport` finds genre:Sport);
      // the item type and state are not.
      return source === 'form' ? { ...longKeyword, copy_to: copyToContent } : { ...keyword };
    case 'date':
      return { type: 'date' };
    case 'number':
      return { type: 'double' };
    case 'boolean':
      return { type: 'boolean' };
  }
}

function objectOf(properties: Record<string, ElasticsearchFieldMapping>): ElasticsearchFieldMapping {
  return { type: 'object', properties };
}

/** Built-in item properties, keyed by document path. */
function builtinProperties(): Record<string, ElasticsearchFieldMapping> {
  const properties: Record<string, ElasticsearchFieldMapping> = {};
  for (const field of builtinSearchFields) properties[elasticsearchPath(field)] = fieldMapping(field.kind, 'builtin');
  const title = properties.title!;
  properties.title = {
    ...title,
    fields: {
      ...(title.fields as Record<string, unknown>),
      [sortSubField]: { type: 'keyword', normalizer: 'lowercase', ignore_above: keywordIgnoreAbove },
    },
  };
  return properties;
}

/**
 * The index mapping for items: built-in properties at the top, what filters and visibility read (folders, creator,
 * owner, visibleTo), form fields under `fields` typed by kind with their PostgreSQL-style strings and sort keys
 * beside them, text and choice values copied into `content` for bare words. Dynamic mapping is off so a stray
 * property cannot change the schema.
 */
export function elasticsearchMapping(fields: readonly SearchField[]): ElasticsearchMapping {
  const builtinIds = new Set(builtinSearchFields.map((field) => field.id));
  const typed: Record<string, ElasticsearchFieldMapping> = {};
  const values: Record<string, ElasticsearchFieldMapping> = {};
  const sortKeys: Record<string, ElasticsearchFieldMapping> = {};
  for (const field of fields) {
    // Built-ins are mapped below whatever the caller lists; a form field cannot shadow one (see the catalogue).
    if (field.source === 'builtin' || builtinIds.has(field.id)) continue;
    typed[field.id] = fieldMapping(field.kind, 'form');
    values[field.id] = { ...longKeyword };
    sortKeys[field.id] = { ...longKeyword };
  }
  return {
    dynamic: false,
    properties: {
      id: { ...keyword },
      tenantId: { ...keyword },
      ...builtinProperties(),
      folderIds: { ...keyword },
      createdBy: { ...keyword },
      ownerId: { ...keyword },
      visibleTo: objectOf({ level: { ...keyword }, groups: { ...keyword } }),
      [contentField]: { type: 'text' },
      [contentWildcardField]: { type: 'wildcard' },
      [formFieldsProperty]: objectOf(typed),
      [fieldValuesProperty]: objectOf(values),
      [fieldSortKeysProperty]: objectOf(sortKeys),
    },
  };
}
