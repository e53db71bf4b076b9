import { fieldTypes, type FieldType, type TJsonValue, type TMetadataForm } from './metadata-form.schema';

/** One typed, searchable value of a field (a multiple choice gives one per choice). */
export interface TFieldValueRow {
  fieldId: string;
  valueText: string | null;
  valueNumber: number | null;
  valueDate: Date | null;
  /** The value is matched and counted whole (wholeValueFieldTypes): field:value equality and facets. */
  whole: boolean;
}

/**
 * Field types whose values are chosen, not typed: a search matches them whole (`genre:football`) and counts them in
 * facets. Their values are short; free text is matched by its words instead.
 */
export const wholeValueFieldTypes: ReadonlySet<FieldType> = new Set([
  'Choice',
  'MultipleChoice',
  'TreeChoice',
  'SubType',
  'Checkbox',
]);

/** Field types whose values are searched and faceted; buttons and files carry no value of their own. */
const searchable: ReadonlySet<FieldType> = new Set(fieldTypes.filter((type) => type !== 'Button' && type !== 'File'));

/** Every field type by fieldId across the tenant's forms; the first form to define a fieldId decides. */
export function fieldTypesOf(forms: readonly TMetadataForm[]): Map<string, FieldType> {
  const types = new Map<string, FieldType>();
  for (const form of forms) {
    for (const field of form.fields) if (!types.has(field.fieldId)) types.set(field.fieldId, field.type);
  }
  return types;
}

function rowsOf(fieldId: string, type: FieldType, value: TJsonValue): TFieldValueRow[] {
  if (value === null || value === '') return [];
  const whole = wholeValueFieldTypes.has(type);
  const row = (values: Partial<Pick<TFieldValueRow, 'valueText' | 'valueNumber' | 'valueDate'>>): TFieldValueRow => ({
    fieldId,
    valueText: null,
    valueNumber: null,
    valueDate: null,
    ...values,
    whole,
  });
  switch (type) {
    case 'MultipleChoice':
      return (Array.isArray(value) ? value : [value]).flatMap((choice) =>
        typeof choice === 'string' && choice !== '' ? [row({ valueText: choice })] : [],
      );
    case 'Checkbox':
      return typeof value === 'boolean' ? [row({ valueText: String(value) })] : [];
    case 'Date': {
      if (typeof value !== 'string') return [];
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? [] : [row({ valueText: value, valueDate: date })];
    }
    case 'JSON':
      return [row({ valueText: typeof value === 'string' ? value : JSON.stringify(value) })];
    case 'Text':
    case 'Choice':
    case 'TreeChoice':
    case 'SubType':
    case 'Button':
    case 'File': {
      if (typeof value === 'number') return [row({ valueText: String(value), valueNumber: value })];
      if (typeof value !== 'string') return [];
      const number = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
      return [row({ valueText: value, valueNumber: number })];
    }
  }
}

/**
 * The rows field queries, ranges and facets read, from an item's stored values. Values of fields no form defines
 * any more stay stored but are not searchable by field (their words remain in the document).
 */
export function fieldValueRows(types: ReadonlyMap<string, FieldType>, values: Readonly<Record<string, TJsonValue>>) {
  return Object.entries(values).flatMap(([fieldId, value]) => {
    const type = types.get(fieldId);
    return type && searchable.has(type) ? rowsOf(fieldId, type, value) : [];
  });
}
