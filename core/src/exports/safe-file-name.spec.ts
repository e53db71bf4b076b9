import { safeFileName } from './safe-file-name';

describe('safeFileName', () => {
  it('keeps letters and replaces what file systems refuse', () => {
    expect(safeFileName('Cup final: 2026/05 "live"', 'xmp')).toBe('Cup final_ 2026_05 _live_.xmp');
    expect(safeFileName('   ', 'csv')).toBe('metadata.csv');
    expect(safeFileName('Kampen på Brann', 'xmp')).toBe('Kampen på Brann.xmp');
    expect(safeFileName('\u0007', 'edl', 'sequence')).toBe('_.edl');
    expect(safeFileName('', 'otio', 'sequence')).toBe('sequence.otio');
  });
});
