import { importSource, NEWS } from './interchange.fixture';
import { matchImportedClips, toSequenceClip } from './interchange-clip';
import type { TInterchangeClip } from './interchange.types';

const clip = (sourceIn: number, sourceOut: number, origin: TInterchangeClip['origin'], rate = '25/1') => ({
  name: 'x',
  sourceIn,
  sourceOut,
  rate,
  origin,
});

describe('toSequenceClip', () => {
  const source = importSource({ ...NEWS, sourceFrames: 1000 });

  it('counts timecode-based frames from the media start timecode', () => {
    expect(toSequenceClip(clip(900_010, 900_020, 'timecode'), source)).toEqual({
      itemId: NEWS.itemId,
      inFrame: 10,
      outFrame: 20,
    });
    expect(toSequenceClip(clip(10, 20, 'media'), source)).toEqual({ itemId: NEWS.itemId, inFrame: 10, outFrame: 20 });
  });

  it.each([
    ['before the media', clip(899_999, 900_020, 'timecode')],
    ['past the media', clip(990, 1001, 'media')],
    ['at another rate', clip(10, 20, 'media', '50/1')],
  ])('matches nothing for a range %s', (_, imported) => {
    expect(toSequenceClip(imported, source)).toBeNull();
  });
});

describe('matchImportedClips', () => {
  const news = importSource({ ...NEWS, sourceFrames: 1000 });
  const other = importSource({ ...NEWS, itemId: '44444444-4444-4444-8444-444444444444' });
  const candidates = {
    byId: new Map([[news.itemId, news]]),
    byTitle: new Map([['storting debate', [news, other]]]),
  };
  const named = (name: string, sourceIn: number, itemId?: string) => ({
    ...clip(sourceIn, sourceIn + 10, 'timecode'),
    name,
    ...(itemId ? { itemId } : {}),
  });

  it('matches by id first, then by title (any case) to the first item the range fits', () => {
    expect(
      matchImportedClips(
        [
          named('Renamed in the suite', 900_000, news.itemId),
          named(' STORTING debate ', 900_000),
          named('Storting debate', 990_000),
        ],
        candidates,
      ),
    ).toEqual({
      clips: [
        { itemId: news.itemId, inFrame: 0, outFrame: 10 },
        { itemId: news.itemId, inFrame: 0, outFrame: 10 },
        // Past the first item's 1000 frames, inside the other's.
        { itemId: other.itemId, inFrame: 90_000, outFrame: 90_010 },
      ],
      unmatched: [],
    });
  });

  it('lists the clips that match nothing, by name or position', () => {
    const result = matchImportedClips(
      [named('Storting debate', 900_000), named('Hand-made title card', 0), named('  ', 0), named('x', 0, 'gone')],
      candidates,
    );
    expect(result.unmatched).toEqual(['Hand-made title card', '#3', 'x']);
  });

  it('counts EDL timecodes again at the matched source rate', () => {
    const fifty = importSource({ ...NEWS, frameRate: '50/1', sourceFrames: 1000 });
    const read = { ...named('x', 900_002, fifty.itemId), timecodes: { in: '10:00:00:02', out: '10:00:01:00' } };
    expect(matchImportedClips([read], { byId: new Map([[fifty.itemId, fifty]]), byTitle: new Map() }).clips).toEqual([
      { itemId: fifty.itemId, inFrame: 2, outFrame: 50 },
    ]);
  });
});
