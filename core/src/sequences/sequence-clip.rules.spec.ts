import { AppError } from '../errors/app-error';
import { catchAppError } from '../testing/catch-app-error';
import {
  assertOneFrameRate,
  mediaFrameCount,
  resolveSequenceClip,
  sourceTimecodeStartOf,
  totalClipFrames,
  type TClipSource,
} from './sequence-clip.rules';

const video: TClipSource = {
  itemId: 'v1',
  itemType: 'video',
  frameRate: '25/1',
  timecodeStart: '10:00:00:00',
  frames: 250,
};

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('sequence clip rules', () => {
  it('takes frames as given and timecodes in the source’s own timecode', () => {
    expect(resolveSequenceClip({ itemId: 'v1', inFrame: 0, outFrame: 250 }, video)).toEqual({
      itemId: 'v1',
      inFrame: 0,
      outFrame: 250,
    });
    expect(resolveSequenceClip({ itemId: 'v1', in: '10:00:01:05', out: '10:00:02:00' }, video)).toEqual({
      itemId: 'v1',
      inFrame: 30,
      outFrame: 50,
    });
    // No start timecode: the media's first frame is 00:00:00:00.
    expect(
      resolveSequenceClip({ itemId: 'v1', in: '00:00:00:10', out: '00:00:00:11' }, { ...video, timecodeStart: null }),
    ).toEqual({ itemId: 'v1', inFrame: 10, outFrame: 11 });
  });

  it.each([
    ['empty', { itemId: 'v1', inFrame: 10, outFrame: 10 }],
    ['reversed', { itemId: 'v1', inFrame: 11, outFrame: 10 }],
    ['past the end', { itemId: 'v1', inFrame: 200, outFrame: 251 }],
    ['before the start', { itemId: 'v1', inFrame: -1, outFrame: 10 }],
    ['fractional', { itemId: 'v1', inFrame: 0.5, outFrame: 10 }],
    ['a timecode before the source starts', { itemId: 'v1', in: '09:59:59:24', out: '10:00:01:00' }],
  ])('refuses a range %s', (_, input) => {
    expect(codeOf(() => resolveSequenceClip(input, video))).toBe('SEQUENCE_CLIP_RANGE_INVALID');
  });

  it('refuses a timecode that is not one', () => {
    expect(codeOf(() => resolveSequenceClip({ itemId: 'v1', in: '10:00:00:25', out: '10:00:01:00' }, video))).toBe(
      'INVALID_TIMECODE',
    );
  });

  it.each([
    ['audio', { ...video, itemType: 'audio' }],
    ['image', { ...video, itemType: 'image' }],
    ['a sequence', { ...video, itemType: 'sequence' }],
    ['a video not probed yet', { ...video, frameRate: null, frames: null }],
    ['a recording with nothing recorded yet', { ...video, itemType: 'live', frameRate: null, frames: null }],
  ])('refuses %s as a source: spec section 5', (_, source) => {
    expect(codeOf(() => resolveSequenceClip({ itemId: 'v1', inFrame: 0, outFrame: 1 }, source))).toBe(
      'SEQUENCE_ITEM_NOT_VIDEO',
    );
  });

  it('cuts a live recording within what it has recorded so far', () => {
    const live = { ...video, itemType: 'live' as const, frames: 100 };
    expect(resolveSequenceClip({ itemId: 'v1', inFrame: 0, outFrame: 100 }, live)).toMatchObject({ outFrame: 100 });
    expect(codeOf(() => resolveSequenceClip({ itemId: 'v1', inFrame: 0, outFrame: 101 }, live))).toBe(
      'SEQUENCE_CLIP_RANGE_INVALID',
    );
  });

  it('counts frames from the probe, else from the duration, and sums clips', () => {
    expect(mediaFrameCount(10, '25/1', 251)).toBe(251);
    expect(mediaFrameCount(10.039, '25/1')).toBe(250);
    expect(mediaFrameCount(1.001, '30000/1001')).toBe(30);
    expect(mediaFrameCount(null, '25/1')).toBeNull();
    expect(totalClipFrames([video, video].map((_, i) => ({ itemId: 'x', inFrame: i, outFrame: 10 })))).toBe(19);
  });

  it('writes the first timecode out in full', () => {
    expect(sourceTimecodeStartOf(null, { numerator: 25, denominator: 1 })).toBe('00:00:00:00');
    expect(sourceTimecodeStartOf('01:00:00:00', { numerator: 25, denominator: 1 })).toBe('01:00:00:00');
    expect(sourceTimecodeStartOf('00:01:00;02', { numerator: 30000, denominator: 1001 })).toBe('00:01:00;02');
  });

  it('keeps a sequence at one frame rate, whatever form the rate is written in', () => {
    expect(() =>
      assertOneFrameRate([
        { itemId: 'a', frameRate: '25/1' },
        { itemId: 'b', frameRate: '50/2' },
        { itemId: 'c', frameRate: '25' },
      ]),
    ).not.toThrow();
    expect(() => assertOneFrameRate([])).not.toThrow();
    const error = catchAppError(() =>
      assertOneFrameRate([
        { itemId: 'a', frameRate: '25/1' },
        { itemId: 'b', frameRate: '25/1' },
        { itemId: 'ntsc', frameRate: '30000/1001' },
      ]),
    );
    expect(error).toMatchObject({
      code: 'SEQUENCE_FRAME_RATE_MISMATCH',
      params: { itemId: 'ntsc', frameRate: '29.97', sequenceFrameRate: '25' },
    });
  });
});
