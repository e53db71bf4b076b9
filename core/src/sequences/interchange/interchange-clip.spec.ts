import { importSource, NEWS } from './interchange.fixture';
import { toSequenceClip } from './interchange-clip';
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
