import type { FieldType, TMetadataForm } from '@mam/core';
import type { SearchField, SearchFieldKind } from '@mam/search';

const fieldKinds: Partial<Record<FieldType, SearchFieldKind>> = {
  Text: 'text',
  JSON: 'text',
  Choice: 'keyword',
  MultipleChoice: 'keyword',
  TreeChoice: 'keyword',
  SubType: 'keyword',
  Checkbox: 'boolean',
  Date: 'date',
};

/** The searchable fields of the tenant's forms, one per fieldId; buttons and files have no values. */
export function searchFieldsOf(forms: readonly TMetadataForm[]): SearchField[] {
  const fields = new Map<string, SearchField>();
  for (const form of forms) {
    for (const field of form.fields) {
      const kind = fieldKinds[field.type];
      if (kind && !fields.has(field.fieldId)) fields.set(field.fieldId, { id: field.fieldId, kind, source: 'form' });
    }
  }
  return [...fields.values()];
}
