import { CsvSyntaxError, csvCellToValue, metadataToCsv, parseCsv } from './metadata-csv';

describe('metadata CSV', () => {
  const columns = [
    { fieldId: 'title', type: 'Text' as const },
    { fieldId: 'tags', type: 'MultipleChoice' as const },
    { fieldId: 'approved', type: 'Checkbox' as const },
    { fieldId: 'notes', type: 'Text' as const },
  ];

  it('writes RFC 4180 and reads back the same cells', () => {
    const csv = metadataToCsv(columns, [
      {
        itemId: 'a',
        values: { title: 'Cup final, 2026', tags: ['derby', 'live'], approved: true, notes: 'He said "go"\nthen left' },
      },
      { itemId: 'b', values: { title: '=HYPERLINK("x")' } },
    ]);
    expect(csv.split('\r\n')[0]).toBe('id,title,tags,approved,notes');
    const { header, records } = parseCsv(csv);
    expect(header).toEqual(['id', 'title', 'tags', 'approved', 'notes']);
    expect(records).toEqual([
      { line: 2, cells: ['a', 'Cup final, 2026', 'derby; live', 'true', 'He said "go"\nthen left'] },
      { line: 4, cells: ['b', '\'=HYPERLINK("x")', '', '', ''] },
    ]);
    expect(csvCellToValue('Text', records[1]!.cells[1]!)).toBe('=HYPERLINK("x")');
  });

  it('turns cells into the values their fields store', () => {
    expect(csvCellToValue('MultipleChoice', 'derby;  live ;')).toEqual(['derby', 'live']);
    expect(csvCellToValue('MultipleChoice', '')).toEqual([]);
    expect(csvCellToValue('Checkbox', 'Yes')).toBe(true);
    expect(csvCellToValue('Checkbox', 'nei')).toBe(false);
    expect(csvCellToValue('Checkbox', 'maybe')).toBe('maybe');
    expect(csvCellToValue('JSON', '{"a":1}')).toEqual({ a: 1 });
    expect(csvCellToValue('Text', '  ')).toBeNull();
    expect(csvCellToValue('Date', '2026-05-17')).toBe('2026-05-17');
  });

  it('accepts a BOM, LF line ends and blank lines, and refuses an open quote with its line', () => {
    expect(parseCsv('\uFEFFid,title\n\nx,Hello\n')).toEqual({
      header: ['id', 'title'],
      records: [{ line: 3, cells: ['x', 'Hello'] }],
    });
    expect(() => parseCsv('id,title\nx,"open\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('id,title\nx,"a"b\n')).toThrow(/Line 2/);
  });
});
