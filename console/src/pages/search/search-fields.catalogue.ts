import type { FieldType, TMetadataForm } from '@mam/core';
import { flattenTree } from '../../features/metadata/tree-options';

/** What the search page shows of a metadata field: its name, and names for its stored values. */
export interface TFieldInfo {
  fieldId: string;
  label: string;
  type: FieldType;
  sortable: boolean;
  /** Stored value → the alternative's label, for choice fields. */
  valueLabels: ReadonlyMap<string, string>;
}

/** Every field by fieldId across the forms; the first form to define a fieldId names it, as the server decides. */
export function fieldCatalogue(forms: readonly Pick<TMetadataForm, 'fields'>[]): Map<string, TFieldInfo> {
  const catalogue = new Map<string, TFieldInfo>();
  for (const form of forms) {
    for (const field of form.fields) {
      if (catalogue.has(field.fieldId)) continue;
      const options = [...field.alternatives, ...flattenTree(field.treeAlternatives)];
      catalogue.set(field.fieldId, {
        fieldId: field.fieldId,
        label: field.label,
        type: field.type,
        sortable: field.sortable,
        valueLabels: new Map(options.map((option) => [option.value, option.label])),
      });
    }
  }
  return catalogue;
}

/** The fields the sort menu offers, by name. */
export function sortableFields(catalogue: ReadonlyMap<string, TFieldInfo>, language: string): TFieldInfo[] {
  return [...catalogue.values()]
    .filter((field) => field.sortable)
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** A stored value as a person reads it: the alternative's label, yes/no for checkboxes, else the value itself. */
export function valueLabel(field: TFieldInfo | undefined, value: string, words: { yes: string; no: string }): string {
  if (field?.type === 'Checkbox') {
    if (value === 'true') return words.yes;
    if (value === 'false') return words.no;
  }
  return field?.valueLabels.get(value) ?? value;
}
