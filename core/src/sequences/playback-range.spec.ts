import { playbackRange } from './playback-range';

describe('playbackRange', () => {
  it('places a virtual clip in its source: seconds from the media start, timecode in the source’s timecode', () => {
    expect(playbackRange({ inFrame: 250, outFrame: 375 }, { frameRate: '25/1', timecodeStart: '10:00:00:00' })).toEqual(
      { inFrame: 250, outFrame: 375, startSeconds: 10, durationSeconds: 5, timecodeIn: '10:00:10:00' },
    );
  });

  it('counts NTSC frames exactly and keeps drop-frame labels', () => {
    const range = playbackRange(
      { inFrame: 1800, outFrame: 1830 },
      { frameRate: '30000/1001', timecodeStart: '01:00:00;00' },
    );
    expect(range).toMatchObject({ startSeconds: 60.06, timecodeIn: '01:01:00;02' });
    expect(range!.durationSeconds).toBeCloseTo(1.001, 9);
  });

  it('starts at 00:00:00:00 without a source timecode, and is null without a known rate', () => {
    expect(playbackRange({ inFrame: 50, outFrame: 60 }, { frameRate: '50/1', timecodeStart: null })).toMatchObject({
      startSeconds: 1,
      timecodeIn: '00:00:01:00',
    });
    expect(playbackRange({ inFrame: 0, outFrame: 1 }, { frameRate: null, timecodeStart: null })).toBeNull();
  });
});
