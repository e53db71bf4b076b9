import {
  dayEnd,
  dayStart,
  emptySearchState,
  isDay,
  parseSearchParams,
  resultSetKey,
  toSearchInput,
  toSearchParams,
  type TSearchState,
} from './search-url.state';

const creator = '0b6f3c8e-6a59-4c1e-9a43-5d2e1f7a9b10';

const full: TSearchState = {
  q: 'title:"match report" AND goal*',
  typeFilter: 'all',
  itemTypes: ['video', 'audio'],
  states: ['COMPLETE', 'ERROR'],
  approvals: ['approved', 'needs_changes'],
  createdBy: [creator],
  createdFrom: '2024-01-01',
  createdTo: '2024-06-30',
  fieldValues: [
    { fieldId: 'keywords', values: ['football', 'cup final'] },
    { fieldId: 'qcStatus', values: ['passed'] },
  ],
  sort: { by: 'field', fieldId: 'createdOn', direction: 'asc' },
  view: 'list',
};

describe('search URL state', () => {
  it('round-trips a full search through the URL', () => {
    const url = toSearchParams(full).toString();
    expect(parseSearchParams(new URLSearchParams(url))).toEqual(full);
  });

  it('writes only what differs from the defaults, in a stable order', () => {
    expect(toSearchParams(emptySearchState).toString()).toBe('');
    expect(toSearchParams({ ...emptySearchState, q: 'storm', itemTypes: ['video'], view: 'tiles' }).toString()).toBe(
      'q=storm&type=video&view=tiles',
    );
    expect(toSearchParams(full).toString()).toBe(
      'q=title%3A%22match+report%22+AND+goal*&filter=all&type=video&type=audio&state=COMPLETE&state=ERROR' +
        '&approval=approved&approval=needs_changes' +
        `&creator=${creator}&from=2024-01-01&to=2024-06-30&f.keywords=football&f.keywords=cup+final` +
        '&f.qcStatus=passed&sort=field%3AcreatedOn%3Aasc&view=list',
    );
  });

  it('reads a shared link such as /?q=storm&type=video', () => {
    expect(parseSearchParams(new URLSearchParams('q=storm&type=video'))).toEqual({
      ...emptySearchState,
      q: 'storm',
      itemTypes: ['video'],
    });
  });

  it('drops what a hand-edited link gets wrong instead of sending it to the server', () => {
    const state = parseSearchParams(
      new URLSearchParams(
        'filter=some&type=Video!&type=video&type=video&state=DONE&state=COMPLETE&approval=rejected&creator=me' +
          '&from=2024-02-30' +
          '&to=yesterday&f.1bad=x&f.keywords=&f.keywords=a&f.keywords=a&sort=best&view=grid&lng=nb',
      ),
    );
    expect(state).toEqual({
      ...emptySearchState,
      itemTypes: ['video'],
      states: ['COMPLETE'],
      fieldValues: [{ fieldId: 'keywords', values: ['a'] }],
    });
  });

  it("trims a link to the server's limits", () => {
    const params = new URLSearchParams({ q: 'x'.repeat(3000) });
    for (let i = 0; i < 30; i++) params.append(`f.field${i}`, 'v');
    for (let i = 0; i < 60; i++) params.append('f.field0', `v${i}`);
    params.append('f.field1', 'y'.repeat(501));
    const state = parseSearchParams(params);
    expect(state.q).toHaveLength(2000);
    expect(state.fieldValues).toHaveLength(20);
    expect(state.fieldValues[0]!.values).toHaveLength(50);
    expect(state.fieldValues[1]!.values).toEqual(['v']);
  });

  it('knows a real calendar day', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-1-01')).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it('turns days into the whole days of the time zone the user prefers', () => {
    expect(dayStart('2024-03-01', 'utc')).toBe('2024-03-01T00:00:00.000Z');
    expect(dayEnd('2024-03-01', 'utc')).toBe('2024-03-01T23:59:59.999Z');
    expect(dayStart('2024-03-01', 'local')).toBe(new Date(2024, 2, 1).toISOString());
    expect(dayEnd('2024-03-01', 'local')).toBe(new Date(2024, 2, 1, 23, 59, 59, 999).toISOString());
    expect(
      new Date(dayEnd('2024-03-01', 'local')).getTime() - new Date(dayStart('2024-03-01', 'local')).getTime(),
    ).toBe(24 * 3600 * 1000 - 1);
  });

  it('builds the server input, leaving out what the server defaults', () => {
    expect(toSearchInput(emptySearchState, 'utc')).toEqual({ q: '' });
    expect(toSearchInput(full, 'utc')).toEqual({
      q: full.q,
      typeFilter: 'all',
      itemTypes: ['video', 'audio'],
      states: ['COMPLETE', 'ERROR'],
      approvals: ['approved', 'needs_changes'],
      createdBy: [creator],
      createdFrom: '2024-01-01T00:00:00.000Z',
      createdTo: '2024-06-30T23:59:59.999Z',
      fieldValues: full.fieldValues,
      sort: { by: 'field', fieldId: 'createdOn', direction: 'asc' },
    });
  });

  it('keeps the same result set across a change of view or order, not of query or filters', () => {
    const key = resultSetKey(full);
    expect(resultSetKey({ ...full, view: 'tiles', sort: null })).toBe(key);
    expect(resultSetKey({ ...full, q: 'other' })).not.toBe(key);
    expect(resultSetKey({ ...full, itemTypes: ['video'] })).not.toBe(key);
  });
});
