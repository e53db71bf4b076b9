import { ZMetadataForm } from '@mam/core';
import { layoutForm } from './form-layout';

const form = ZMetadataForm.parse({
  id: 'match',
  label: 'Match',
  active: true,
  fields: [
    { id: '1', fieldId: 'home', label: 'Home team', type: 'Text' },
    { id: '2', fieldId: 'away', label: 'Away team', type: 'Text' },
    { id: '3', fieldId: 'score', label: 'Score', type: 'Text' },
    { id: '4', fieldId: 'secret', label: 'Hidden', type: 'Text', visible: false },
    { id: '5', fieldId: 'go', label: 'Go', type: 'Button' },
    { id: '6', fieldId: 'notes', label: 'Notes', type: 'Text' },
  ],
  views: {
    item: [
      { fieldId: 'score', label: 'Final score' },
      { fieldId: 'notes', visible: false },
    ],
  },
  viewSections: [
    { sectionId: 'b', label: 'Result', placeAboveFieldId: 'score', sortOrder: 2 },
    { sectionId: 'a', label: 'Teams', placeAboveFieldId: 'home', sortOrder: 1 },
  ],
});

describe('layoutForm', () => {
  it('splits the shown fields into sections with the view labels', () => {
    const layout = layoutForm(form, 'item');
    expect(layout.map((s) => [s.label, s.fields.map((f) => f.label)])).toEqual([
      ['Teams', ['Home team', 'Away team']],
      ['Result', ['Final score']],
    ]);
  });

  it('shows every visible field without view settings in another view', () => {
    const layout = layoutForm(form, 'search');
    expect(layout.flatMap((s) => s.fields.map((f) => f.field.fieldId))).toEqual(['home', 'away', 'score', 'notes']);
  });
});
