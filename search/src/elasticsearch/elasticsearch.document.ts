/** A form value as the caller hands it over: JSON values already flattened to text, a multiple choice as a list. */
export type SearchDocumentValue = string | number | boolean | string[] | null;

/** One item as indexed: what the search reads of the item, its leading version and its metadata. */
export interface SearchDocument {
  id: string;
  tenantId: string;
  itemType: string;
  title: string;
  description: string;
  fileName: string | null;
  /** The item's folder and all its ancestors, so that a folder filter includes subfolders. */
  folderIds: string[];
  /** The leading version's transcoding state. */
  state: string | null;
  /** The item's approval status (core's approvalStatuses); 'none' when absent, as for an item never reviewed. */
  approval?: string;
  createdBy: string | null;
  ownerId: string | null;
  visibleTo: { level: 'tenant' | 'owner' | 'selected_groups'; groups: string[] } | null;
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
  /** Metadata by fieldId. */
  fields: Record<string, SearchDocumentValue>;
  /**
   * The values of the item's log entries (timed metadata) by fieldId, so that a query matching an entry finds its
   * item. They are searched like the item's own values but never filter, count or sort it.
   */
  logEntryFields?: Record<string, string[]>;
}

/** The `_source` of an item in its index, shaped as elasticsearchMapping maps it. */
export interface IndexedItem {
  id: string;
  tenantId: string;
  itemType: string;
  title: string | null;
  description: string | null;
  filename: string | null;
  folderIds: string[];
  state: string | null;
  approval: string;
  createdBy: string | null;
  ownerId: string | null;
  visibleTo: { level: string; groups: string[] };
  created: string;
  modified: string;
  fields: Record<string, string | number | boolean | string[]>;
  fieldValues: Record<string, string[]>;
  fieldSortKeys: Record<string, string[]>;
}

const numericText = /^-?\d+(\.\d+)?$/;

/** PostgreSQL's `lpad(text, 24, '0')`, which also cuts longer text to 24 characters. */
function lpad24(text: string): string {
  return text.length >= 24 ? text.slice(0, 24) : text.padStart(24, '0');
}

/**
 * The key PostgreSQL sorts a value by: `coalesce(lpad(value_number::text, 24, '0'), lower(value_text))`. A number,
 * or a single value that reads as one, has a number; the choices of a multiple choice never do.
 */
function sortKey(value: string | number | boolean, single: boolean): string {
  if (typeof value === 'number') return lpad24(String(value));
  if (typeof value === 'boolean') return String(value);
  if (single && numericText.test(value.trim())) return lpad24(String(Number(value)));
  return value.toLowerCase();
}

function isoInstant(text: string, what: string, id: string): string {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`Item ${id}: ${what} is not a date: ${text}`);
  return date.toISOString();
}

/** An empty string is no value, as PostgreSQL's `column <> ''` and its value rows treat it. */
const orNull = (text: string | null): string | null => (text === null || text === '' ? null : text);

/**
 * The indexed form of a document. Empty values are left out (so `field:*` does not find them), a missing
 * visibility becomes the tenant level it stands for, and form values appear three times: typed (`fields`, what
 * queries search), as PostgreSQL's value text (`fieldValues`, what filters and facets read) and as sort keys.
 */
export function indexedItem(doc: SearchDocument): IndexedItem {
  const fields: IndexedItem['fields'] = {};
  const fieldValues: IndexedItem['fieldValues'] = {};
  const fieldSortKeys: IndexedItem['fieldSortKeys'] = {};
  for (const [fieldId, value] of Object.entries(doc.fields)) {
    if (value === null || value === '') continue;
    if (Array.isArray(value)) {
      const choices = value.filter((choice) => choice !== '');
      if (choices.length === 0) continue;
      fields[fieldId] = choices;
      fieldValues[fieldId] = choices;
      fieldSortKeys[fieldId] = choices.map((choice) => sortKey(choice, false));
    } else {
      fields[fieldId] = value;
      fieldValues[fieldId] = [String(value)];
      fieldSortKeys[fieldId] = [sortKey(value, true)];
    }
  }
  for (const [fieldId, values] of Object.entries(doc.logEntryFields ?? {})) {
    const logged = values.filter((value) => value !== '');
    if (logged.length === 0) continue;
    const own = fields[fieldId];
    fields[fieldId] = [...(own === undefined ? [] : Array.isArray(own) ? own : [String(own)]), ...logged];
  }
  return {
    id: doc.id,
    tenantId: doc.tenantId,
    itemType: doc.itemType,
    title: orNull(doc.title),
    description: orNull(doc.description),
    filename: orNull(doc.fileName),
    folderIds: doc.folderIds,
    state: orNull(doc.state),
    approval: doc.approval ?? 'none',
    createdBy: doc.createdBy,
    ownerId: doc.ownerId,
    visibleTo: { level: doc.visibleTo?.level ?? 'tenant', groups: doc.visibleTo?.groups ?? [] },
    created: isoInstant(doc.createdAt, 'createdAt', doc.id),
    modified: isoInstant(doc.updatedAt, 'updatedAt', doc.id),
    fields,
    fieldValues,
    fieldSortKeys,
  };
}
