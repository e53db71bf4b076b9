import { XMLParser } from 'fast-xml-parser';
import { fcpxmlTime, sequenceToFcpxml } from './fcpxml.writer';
import { NEWS, sequenceView, STREET, WEATHER } from './interchange.fixture';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && name !== 'fcpxml',
});
type TNode = Record<string, string> & Record<string, TNode[]>;

function read(xml: string) {
  const fcpxml = (parser.parse(xml) as { fcpxml: TNode }).fcpxml;
  const resources = fcpxml.resources![0]!;
  const sequence = fcpxml.library![0]!.event![0]!.project![0]!.sequence![0]!;
  return {
    fcpxml,
    formats: resources.format!,
    assets: resources.asset!,
    sequence,
    spine: sequence.spine![0]!['asset-clip']!,
  };
}

describe('fcpxmlTime', () => {
  it.each([
    [0, '25/1', '0s'],
    [25, '25/1', '1s'],
    [36, '25/1', '36/25s'],
    [1, '30000/1001', '1001/30000s'],
    [30, '30000/1001', '1001/1000s'],
    [90_000, '25/1', '3600s'],
  ])('%p frames at %s → %s', (frames, rate, expected) => {
    const [numerator, denominator] = rate.split('/').map(Number) as [number, number];
    expect(fcpxmlTime(frames, { numerator, denominator })).toBe(expected);
  });
});

describe('sequenceToFcpxml', () => {
  const view = sequenceView('Evening news', [
    [NEWS, 250, 375],
    [STREET, 0, 50],
    [NEWS, 1000, 1001],
  ]);

  it('declares a format and one asset per source with its item reference and start timecode', () => {
    const { fcpxml, formats, assets } = read(sequenceToFcpxml(view));
    expect(fcpxml.version).toBe('1.9');
    expect(formats).toEqual([{ id: 'r1', frameDuration: '1/25s' }]);
    expect(assets.map(({ id, uid, name, start, format }) => ({ id, uid, name, start, format }))).toEqual([
      { id: 'r2', uid: `mam:item:${NEWS.itemId}`, name: 'Storting debate', start: '36000s', format: 'r1' },
      { id: 'r3', uid: `mam:item:${STREET.itemId}`, name: 'Street interviews, Oslo', start: '0s', format: 'r1' },
    ]);
    expect(assets[0]!.metadata![0]!.md![0]).toEqual({ key: 'com.mam.itemId', value: NEWS.itemId });
    expect(assets[0]!['media-rep']![0]).toEqual({ kind: 'original-media', src: `mam:item:${NEWS.itemId}` });
  });

  it('lays the clips on the spine with offset, start and duration as rational times from tcStart', () => {
    const { sequence, spine } = read(sequenceToFcpxml(view));
    expect([sequence.format, sequence.tcStart, sequence.tcFormat, sequence.duration]).toEqual([
      'r1',
      '3600s',
      'NDF',
      '176/25s',
    ]);
    expect(spine.map(({ ref, offset, start, duration }) => [ref, offset, start, duration])).toEqual([
      ['r2', '3600s', '36010s', '5s'],
      ['r3', '3605s', '0s', '2s'],
      ['r2', '3607s', '36040s', '1/25s'],
    ]);
  });

  it('names the picture size of each source in its format when it is known', () => {
    const sized = sequenceView('Sizes', [
      [NEWS, 0, 10],
      [STREET, 0, 10],
      [WEATHER, 0, 10],
    ]);
    const frameSizes = { [NEWS.itemId]: { width: 1920, height: 1080 }, [WEATHER.itemId]: { width: 1280, height: 720 } };
    const { formats, assets, sequence } = read(sequenceToFcpxml(sized, { frameSizes }));
    expect(formats).toEqual([
      { id: 'r1', frameDuration: '1/25s', width: '1920', height: '1080' },
      { id: 'r3', frameDuration: '1/25s' },
      { id: 'r5', frameDuration: '1/25s', width: '1280', height: '720' },
    ]);
    expect([sequence.format, ...assets.map((asset) => asset.format)]).toEqual(['r1', 'r1', 'r3', 'r5']);
  });

  it('keeps odd characters of titles intact through XML escaping', () => {
    const title = `Tom & Jerry's <"cut"> ]]> æøå`;
    const xml = sequenceToFcpxml(sequenceView(title, [[{ ...WEATHER, title }, 0, 10]]));
    const { fcpxml, assets, spine } = read(xml);
    expect(fcpxml.library![0]!.event![0]!.name).toBe(title);
    expect([assets[0]!.name, spine[0]!.name]).toEqual([title, title]);
    expect(xml).not.toContain('<"cut">');
  });

  it('writes 29.97 drop-frame with exact NTSC frame durations', () => {
    const ntsc = { ...WEATHER, frameRate: '30000/1001', sourceTimecodeStart: '00:00:10;00' };
    const { formats, sequence, spine } = read(sequenceToFcpxml(sequenceView('NTSC', [[ntsc, 30, 60]])));
    expect(formats[0]!.frameDuration).toBe('1001/30000s');
    // 01:00:00;00 drop-frame is frame 107892 (3.6 s short of 3600 s): 107892 × 1001/30000 s.
    expect([sequence.tcStart, sequence.tcFormat]).toEqual(['8999991/2500s', 'DF']);
    expect(spine[0]!).toMatchObject({ start: '11011/1000s', duration: '1001/1000s', tcFormat: 'DF' });
  });
});
