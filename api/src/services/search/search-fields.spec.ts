import { fieldTypes, wholeValueFieldTypes, type TMetadataForm } from '@mam/core';
import { searchFieldsOf } from './search-fields';

describe('searchFieldsOf', () => {
  const form = {
    fields: fieldTypes.map((type) => ({ fieldId: `f${type}`, type })),
  } as unknown as TMetadataForm;
  const kinds = new Map(searchFieldsOf([form]).map((field) => [field.id, field.kind]));

  it('matches whole exactly the values item writes key whole', () => {
    // The PostgreSQL compiler tests keyword and boolean fields against the items' field keys, which hold the values
    // of wholeValueFieldTypes alone: the two lists must agree.
    for (const type of fieldTypes) {
      const kind = kinds.get(`f${type}`);
      expect([type, kind === 'keyword' || kind === 'boolean']).toEqual([type, wholeValueFieldTypes.has(type)]);
    }
  });

  it('gives buttons and files no search field', () => {
    expect(kinds.has('fButton')).toBe(false);
    expect(kinds.has('fFile')).toBe(false);
  });
});
