/** How a field's values are matched: words (text), whole values (keyword), or compared (date, number, boolean). */
export type SearchFieldKind = 'text' | 'keyword' | 'date' | 'number' | 'boolean';

export type SearchField = { id: string; kind: SearchFieldKind; source: 'builtin' | 'form' };

/** Item properties every tenant can search, whatever its metadata forms. */
export const builtinSearchFields: readonly SearchField[] = [
  { id: 'title', kind: 'text', source: 'builtin' },
  { id: 'description', kind: 'text', source: 'builtin' },
  { id: 'type', kind: 'keyword', source: 'builtin' },
  { id: 'created', kind: 'date', source: 'builtin' },
  { id: 'modified', kind: 'date', source: 'builtin' },
  { id: 'state', kind: 'keyword', source: 'builtin' },
  { id: 'approval', kind: 'keyword', source: 'builtin' },
  { id: 'filename', kind: 'text', source: 'builtin' },
];

export interface SearchFieldCatalogue {
  /** The field a query names, spelled as the catalogue spells it; undefined when unknown. */
  lookup(name: string): SearchField | undefined;
  /** True when the caller listed the form fields, so that an unknown name is an error rather than a form field. */
  readonly closed: boolean;
}

/**
 * Built-ins plus the caller's form fields. A form field whose id is a built-in's is shadowed: the built-in wins so
 * that `title:` means the same in every tenant.
 */
export function createSearchFieldCatalogue(formFields?: readonly SearchField[]): SearchFieldCatalogue {
  const byId = new Map<string, SearchField>();
  for (const field of builtinSearchFields) byId.set(field.id, field);
  for (const field of formFields ?? []) {
    if (!byId.has(field.id)) byId.set(field.id, { ...field, source: 'form' });
  }
  const byLowerId = new Map<string, SearchField[]>();
  for (const field of byId.values()) {
    const key = field.id.toLowerCase();
    byLowerId.set(key, [...(byLowerId.get(key) ?? []), field]);
  }
  return {
    closed: formFields !== undefined,
    lookup(name) {
      const exact = byId.get(name);
      if (exact) return exact;
      // Librarians type `Title:`; accept another case only when it names one field unambiguously.
      const candidates = byLowerId.get(name.toLowerCase());
      return candidates?.length === 1 ? candidates[0] : undefined;
    },
  };
}
