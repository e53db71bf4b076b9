import {
  activeFilters,
  chipKey,
  clearFilters,
  facetOptions,
  removeFilter,
  selectedValues,
  toggleFacetValue,
} from './search-filters.rules';
import { emptySearchState, type TSearchState } from './search-url.state';

const state: TSearchState = {
  ...emptySearchState,
  q: 'storm',
  typeFilter: 'assets',
  itemTypes: ['video'],
  states: ['COMPLETE'],
  createdBy: ['u1'],
  createdFrom: '2024-01-01',
  createdTo: '2024-01-31',
  fieldValues: [
    { fieldId: 'keywords', values: ['weather', 'harbour'] },
    { fieldId: 'qcStatus', values: ['passed'] },
  ],
  sort: { by: 'title', direction: 'asc' },
  view: 'list',
};

describe('search filters', () => {
  it('ticks and unticks values of each facet group', () => {
    let next = toggleFacetValue(emptySearchState, { kind: 'itemType' }, 'video', true);
    next = toggleFacetValue(next, { kind: 'itemType' }, 'audio', true);
    next = toggleFacetValue(next, { kind: 'itemType' }, 'video', true);
    expect(next.itemTypes).toEqual(['video', 'audio']);
    expect(toggleFacetValue(next, { kind: 'itemType' }, 'video', false).itemTypes).toEqual(['audio']);
    expect(toggleFacetValue(emptySearchState, { kind: 'state' }, 'ERROR', true).states).toEqual(['ERROR']);
    expect(toggleFacetValue(emptySearchState, { kind: 'createdBy' }, 'u2', true).createdBy).toEqual(['u2']);
  });

  it('keeps a field in its place while its values change, and drops it with its last value', () => {
    const added = toggleFacetValue(state, { kind: 'field', fieldId: 'keywords' }, 'sport', true);
    expect(added.fieldValues).toEqual([
      { fieldId: 'keywords', values: ['weather', 'harbour', 'sport'] },
      { fieldId: 'qcStatus', values: ['passed'] },
    ]);
    const newField = toggleFacetValue(state, { kind: 'field', fieldId: 'restricted' }, 'true', true);
    expect(newField.fieldValues.map((f) => f.fieldId)).toEqual(['keywords', 'qcStatus', 'restricted']);
    const dropped = toggleFacetValue(state, { kind: 'field', fieldId: 'qcStatus' }, 'passed', false);
    expect(dropped.fieldValues).toEqual([{ fieldId: 'keywords', values: ['weather', 'harbour'] }]);
    expect(selectedValues(state, { kind: 'field', fieldId: 'keywords' })).toEqual(['weather', 'harbour']);
    expect(selectedValues(state, { kind: 'field', fieldId: 'none' })).toEqual([]);
  });

  it("lists the server's counts, then ticked values the hits no longer have", () => {
    expect(
      facetOptions(
        [
          { value: 'video', count: 3 },
          { value: 'image', count: 1 },
        ],
        ['image', 'audio'],
      ),
    ).toEqual([
      { value: 'video', count: 3, selected: false },
      { value: 'image', count: 1, selected: true },
      { value: 'audio', count: null, selected: true },
    ]);
  });

  it('shows every active filter as a chip, and removing a chip removes just that filter', () => {
    const chips = activeFilters(state);
    expect(chips.map(chipKey)).toEqual([
      'itemType:video',
      'state:COMPLETE',
      'createdBy:u1',
      'createdFrom:2024-01-01',
      'createdTo:2024-01-31',
      'field:keywords:weather',
      'field:keywords:harbour',
      'field:qcStatus:passed',
    ]);
    let next = state;
    for (const chip of chips) {
      const before = activeFilters(next).length;
      next = removeFilter(next, chip);
      expect(activeFilters(next)).toHaveLength(before - 1);
    }
    expect(next).toEqual(clearFilters(state));
  });

  it('clears every filter but keeps the query, type filter, order and view', () => {
    expect(clearFilters(state)).toEqual({
      ...emptySearchState,
      q: 'storm',
      typeFilter: 'assets',
      sort: { by: 'title', direction: 'asc' },
      view: 'list',
    });
    expect(activeFilters(clearFilters(state))).toEqual([]);
  });
});
