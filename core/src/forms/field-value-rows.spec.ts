import { builtInForm } from './built-in-forms';
import { fieldTypesOf, fieldValueRows } from './field-value-rows';
import type { FieldType } from './metadata-form.schema';

describe('fieldValueRows', () => {
  const types = new Map<string, FieldType>([
    ['genre', 'Choice'],
    ['tags', 'MultipleChoice'],
    ['airDate', 'Date'],
    ['approved', 'Checkbox'],
    ['episode', 'Text'],
    ['payload', 'JSON'],
    ['attachment', 'File'],
  ]);

  it('types each value so that ranges, facets and words work', () => {
    const rows = fieldValueRows(types, {
      genre: 'Sport',
      tags: ['football', '', 'bergen'],
      airDate: '2026-05-17',
      approved: false,
      episode: '12',
      payload: { camera: 'A' },
      attachment: 'file.pdf',
      unknown: 'kept out',
    });
    expect(rows).toEqual([
      { fieldId: 'genre', valueText: 'Sport', valueNumber: null, valueDate: null, whole: true },
      { fieldId: 'tags', valueText: 'football', valueNumber: null, valueDate: null, whole: true },
      { fieldId: 'tags', valueText: 'bergen', valueNumber: null, valueDate: null, whole: true },
      {
        fieldId: 'airDate',
        valueText: '2026-05-17',
        valueNumber: null,
        valueDate: new Date('2026-05-17'),
        whole: false,
      },
      { fieldId: 'approved', valueText: 'false', valueNumber: null, valueDate: null, whole: true },
      { fieldId: 'episode', valueText: '12', valueNumber: 12, valueDate: null, whole: false },
      { fieldId: 'payload', valueText: '{"camera":"A"}', valueNumber: null, valueDate: null, whole: false },
    ]);
  });

  it('leaves out empty values and values of the wrong shape', () => {
    expect(fieldValueRows(types, { genre: '', airDate: 'not a date', approved: 'yes', tags: null })).toEqual([]);
  });

  it('takes field types from the forms, the first definition winning', () => {
    const common = builtInForm('common');
    const types = fieldTypesOf([common]);
    expect(types.get('title')).toBe('Text');
    expect(types.size).toBe(common.fields.length);
  });
});
