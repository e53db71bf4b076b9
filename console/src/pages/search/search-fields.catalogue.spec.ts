import { builtInForms, ZMetadataForm } from '@mam/core';
import { fieldCatalogue, sortableFields, valueLabel } from './search-fields.catalogue';

const words = { yes: 'Yes', no: 'No' };

const custom = ZMetadataForm.parse({
  id: 'sport',
  label: 'Sport',
  active: true,
  fields: [
    // A second definition of a fieldId another form defined first does not rename it.
    { id: 'title', fieldId: 'title', label: 'Headline', type: 'Text' },
    {
      id: 'league',
      fieldId: 'league',
      label: 'League',
      type: 'TreeChoice',
      treeAlternatives: [
        { value: 'football', label: 'Football', children: [{ value: 'pl', label: 'Premier League' }] },
      ],
    },
    { id: 'airDate', fieldId: 'airDate', label: 'Air date', type: 'Date', sortable: true },
  ],
});

describe('search field catalogue', () => {
  const catalogue = fieldCatalogue([...builtInForms(), custom]);

  it('names every field by its first definition', () => {
    expect(catalogue.get('title')?.label).toBe('Title');
    expect(catalogue.get('qcStatus')).toMatchObject({ label: 'Status', type: 'Choice' });
    expect(catalogue.get('league')?.label).toBe('League');
  });

  it('offers the sortable fields by name', () => {
    expect(sortableFields(catalogue, 'en').map((f) => f.fieldId)).toEqual(['airDate', 'createdOn', 'modifiedOn']);
  });

  it('reads stored values as people do', () => {
    expect(valueLabel(catalogue.get('qcStatus'), 'passed', words)).toBe('Passed');
    expect(valueLabel(catalogue.get('league'), 'football/pl', words)).toBe('Football / Premier League');
    expect(valueLabel(catalogue.get('qcVideoChecked'), 'true', words)).toBe('Yes');
    expect(valueLabel(catalogue.get('qcVideoChecked'), 'false', words)).toBe('No');
    expect(valueLabel(catalogue.get('keywords'), 'harbour', words)).toBe('harbour');
    expect(valueLabel(undefined, 'x', words)).toBe('x');
  });
});
