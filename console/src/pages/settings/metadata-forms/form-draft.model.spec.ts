import { ZMetadataForm } from '@mam/core';
import {
  emptyFormDraft,
  keyFromLabel,
  moveItem,
  newField,
  newSection,
  removeField,
  renameFieldId,
  type TFormDraft,
} from './form-draft.model';

function draftWith(fieldIds: string[], extra: Partial<TFormDraft> = {}): TFormDraft {
  const fields = fieldIds.reduce<TFormDraft['fields']>((all, fieldId) => {
    const field = newField('Text', all, fieldId);
    return [...all, { ...field, fieldId }];
  }, []);
  return { ...emptyFormDraft(), id: 'sports', label: 'Sports', fields, ...extra };
}

describe('emptyFormDraft', () => {
  it("starts blank, active, on the item page, with core's defaults", () => {
    const draft = emptyFormDraft();
    expect(draft).toMatchObject({
      id: '',
      label: '',
      active: true,
      flavor: 'default',
      fields: [],
      views: { item: [] },
    });
    expect(draft.visibleTo).toBeNull();
    expect(ZMetadataForm.safeParse({ ...draft, id: 'k', label: 'L' }).success).toBe(true);
  });
});

describe('keyFromLabel', () => {
  it.each([
    ['Sports logging', 'sports-logging'],
    ['  Nyheter: Sørlandet  ', 'nyheter-sorlandet'],
    ['Økonomi & Ære', 'okonomi-aere'],
    ['Émission été', 'emission-ete'],
    ['***', ''],
  ])('%s → %s', (label, key) => expect(keyFromLabel(label)).toBe(key));

  it('stays within the 100 characters a key may have', () => {
    expect(keyFromLabel('a'.repeat(150))).toHaveLength(100);
  });
});

describe('newField', () => {
  it('gives each new field its own id, fieldId and label', () => {
    const first = newField('MultipleChoice', [], 'Multiple choice');
    const second = newField('MultipleChoice', [first], 'Multiple choice');
    expect(first).toMatchObject({ id: 'field-1', fieldId: 'multipleChoice', label: 'Multiple choice' });
    expect(second).toMatchObject({ id: 'field-2', fieldId: 'multipleChoice2', label: 'Multiple choice 2' });
  });

  it("has core's defaults for every setting", () => {
    expect(newField('JSON', [], 'Data')).toMatchObject({
      fieldId: 'json',
      type: 'JSON',
      required: false,
      visible: true,
      permissions: { read: null, write: null },
      defaultValue: null,
      alternatives: [],
      keyboardShortcut: null,
    });
  });
});

describe('moveItem', () => {
  it('moves up and down and stays put at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('removeField', () => {
  const sections = [
    { sectionId: 's1', label: 'Above b', placeAboveFieldId: 'b', sortOrder: 0 },
    { sectionId: 's2', label: 'Above c', placeAboveFieldId: 'c', sortOrder: 1 },
  ];
  const views = {
    item: [
      { fieldId: 'b', visible: false, label: null, defaultValue: null, mdfSource: null },
      { fieldId: 'c', visible: false, label: null, defaultValue: null, mdfSource: null },
    ],
  };

  it('drops the view settings of the removed field and moves its sections to the next field', () => {
    const result = removeField(draftWith(['a', 'b', 'c'], { views, viewSections: sections }), 1);
    expect(result.fields.map((field) => field.fieldId)).toEqual(['a', 'c']);
    expect(result.views.item?.map((setting) => setting.fieldId)).toEqual(['c']);
    expect(result.viewSections.map((section) => section.placeAboveFieldId)).toEqual(['c', 'c']);
  });

  it('puts a section above the last field at the end when that field goes', () => {
    const result = removeField(draftWith(['a', 'b', 'c'], { viewSections: sections }), 2);
    expect(result.viewSections.map((section) => section.placeAboveFieldId)).toEqual(['b', null]);
  });
});

describe('renameFieldId', () => {
  const views = { upload: [{ fieldId: 'b', visible: false, label: null, defaultValue: null, mdfSource: null }] };
  const viewSections = [{ sectionId: 's', label: 'S', placeAboveFieldId: 'b', sortOrder: 0 }];

  it('renames the references in views and sections', () => {
    const result = renameFieldId(draftWith(['a', 'b'], { views, viewSections }), 1, 'rating');
    expect(result.fields[1]?.fieldId).toBe('rating');
    expect(result.views.upload?.[0]?.fieldId).toBe('rating');
    expect(result.viewSections[0]?.placeAboveFieldId).toBe('rating');
  });

  it('leaves the references alone while the new fieldId belongs to another field too', () => {
    const result = renameFieldId(draftWith(['a', 'b'], { views, viewSections }), 1, 'a');
    expect(result.fields.map((field) => field.fieldId)).toEqual(['a', 'a']);
    expect(result.views.upload?.[0]?.fieldId).toBe('b');
    expect(result.viewSections[0]?.placeAboveFieldId).toBe('b');
  });
});

describe('newSection', () => {
  it('numbers sections past the ones there are and sorts the new one last', () => {
    const first = newSection([], 'Section');
    expect(first).toEqual({ sectionId: 'section-1', label: 'Section 1', placeAboveFieldId: null, sortOrder: 0 });
    const taken = [first, { ...first, sectionId: 'section-2', sortOrder: 7 }];
    expect(newSection(taken, 'Section')).toEqual({
      sectionId: 'section-3',
      label: 'Section 3',
      placeAboveFieldId: null,
      sortOrder: 8,
    });
  });
});
