import { exportUrl, importFormatOf, titleOfFile } from './sequence-file';

describe('sequence files', () => {
  it('links each export to its REST address', () => {
    expect(exportUrl('a/b', 'otio')).toBe('/api/v1/sequences/a%2Fb/export.otio');
  });

  it.each([
    ['Evening news.edl', 'edl'],
    ['CUT.EDL', 'edl'],
    ['timeline.v2.otio', 'otio'],
    ['Timeline 1.FCPXML', 'fcpxml'],
    ['timeline.xml', null],
    ['edl', null],
  ])('%s is read as %p', (name, format) => {
    expect(importFormatOf(name)).toBe(format);
  });

  it('suggests the file name without its extension as the title', () => {
    expect(titleOfFile('Kveldsnytt 21.11.edl')).toBe('Kveldsnytt 21.11');
  });
});
