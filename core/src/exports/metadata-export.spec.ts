import { exportFileName, metadataToJson } from './metadata-export';

const day = new Date('2026-11-27T21:00:00Z');

describe('exportFileName', () => {
  it('names the export after the label and the day', () => {
    expect(exportFileName('Sports desk', day, 'csv', 255)).toBe('Sports desk-2026-11-27.csv');
    expect(exportFileName('Sports desk', day, 'json', 255)).toBe('Sports desk-2026-11-27.json');
  });

  it.each([16, 20, 24, 40])('keeps within a maximum of %i characters, extension intact', (max) => {
    const name = exportFileName('A very long form label about football highlights', day, 'json', max);
    expect([...name].length).toBeLessThanOrEqual(max);
    expect(name.endsWith('.json')).toBe(true);
    expect(name.startsWith('A')).toBe(true);
  });

  it('drops the date before the label when the maximum is tiny', () => {
    expect(exportFileName('Football', day, 'json', 9)).toBe('Foot.json');
  });

  it('cuts by character, never inside an emoji', () => {
    const name = exportFileName('⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽', day, 'csv', 18);
    expect([...name].length).toBeLessThanOrEqual(18);
    expect(name).toMatch(/^⚽+-2026-11-27\.csv$/);
  });

  it.each<[string, string]>([
    ['a/b\\c:d', 'a-b-c-d-2026-11-27.csv'],
    ['  ..hidden  ', 'hidden-2026-11-27.csv'],
    ['', 'export-2026-11-27.csv'],
    ['???', 'export-2026-11-27.csv'],
  ])('makes %j safe for a file system', (label, expected) => {
    expect(exportFileName(label, day, 'csv', 255)).toBe(expected);
  });
});

describe('metadataToJson', () => {
  it('lists the form fields of each item in order, missing values as null', () => {
    const json = metadataToJson(
      { id: 'f1', label: 'News' },
      ['title', 'genre'],
      [
        { itemId: 'a', values: { title: 'Goal', genre: 'football', secret: 'x' } },
        { itemId: 'b', values: { title: 'Weather' } },
      ],
    );
    expect(JSON.parse(json)).toEqual({
      form: { id: 'f1', label: 'News' },
      items: [
        { id: 'a', values: { title: 'Goal', genre: 'football' } },
        { id: 'b', values: { title: 'Weather', genre: null } },
      ],
    });
  });
});
