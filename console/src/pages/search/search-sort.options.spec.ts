import { builtInSorts, effectiveSort, parseSortToken, sameSort, sortInput, sortToken } from './search-sort.options';

describe('sort tokens', () => {
  it('round-trips every built-in order and a field order through the URL form', () => {
    const choices = [...builtInSorts.map((s) => s.choice), { by: 'field', fieldId: 'air-date_2', direction: 'desc' }];
    for (const choice of choices) expect(parseSortToken(sortToken(choice as never))).toEqual(choice);
    expect(sortToken({ by: 'created', direction: 'desc' })).toBe('created:desc');
    expect(sortToken({ by: 'field', fieldId: 'createdOn', direction: 'asc' })).toBe('field:createdOn:asc');
  });

  it.each([
    null,
    '',
    'newest',
    'created',
    'created:up',
    'relevance:asc',
    'field:createdOn',
    'field:1bad:asc',
    'field:a:b:asc',
    'title:asc:extra',
  ])('refuses %p, leaving the server default', (token) => {
    expect(parseSortToken(token)).toBeNull();
  });

  it('hands the server relevance without a direction and the rest as they are', () => {
    expect(sortInput({ by: 'relevance' })).toEqual({ by: 'relevance' });
    expect(sortInput({ by: 'field', fieldId: 'x', direction: 'asc' })).toEqual({
      by: 'field',
      fieldId: 'x',
      direction: 'asc',
    });
  });

  it('names the order the server applies when none is chosen', () => {
    expect(effectiveSort(null, 'storm')).toEqual({ by: 'relevance' });
    expect(effectiveSort(null, '   ')).toEqual({ by: 'created', direction: 'desc' });
    expect(effectiveSort({ by: 'title', direction: 'asc' }, 'storm')).toEqual({ by: 'title', direction: 'asc' });
  });

  it('compares orders by what they mean', () => {
    expect(sameSort({ by: 'title', direction: 'asc' }, { by: 'title', direction: 'asc' })).toBe(true);
    expect(sameSort({ by: 'title', direction: 'asc' }, { by: 'title', direction: 'desc' })).toBe(false);
    expect(sameSort(null, null)).toBe(true);
    expect(sameSort(null, { by: 'relevance' })).toBe(false);
  });

  it('offers every built-in order in the menu except the one only links reach', () => {
    expect(builtInSorts.filter((s) => s.inMenu).map((s) => s.labelKey)).toEqual([
      'relevance',
      'newest',
      'oldest',
      'modified',
      'titleAsc',
      'titleDesc',
    ]);
  });
});
