import { playbackOrder } from './media-source';

describe('playbackOrder', () => {
  it('prefers hls.js, then native HLS, then MP4', () => {
    expect(playbackOrder({ mediaSource: true, nativeHls: true, hasMp4: true })).toEqual([
      'hls.js',
      'native-hls',
      'mp4',
    ]);
  });

  it('uses native HLS without MediaSource (iOS Safari)', () => {
    expect(playbackOrder({ mediaSource: false, nativeHls: true, hasMp4: true })).toEqual(['native-hls', 'mp4']);
  });

  it('falls back to MP4, or to nothing when there is no MP4', () => {
    expect(playbackOrder({ mediaSource: false, nativeHls: false, hasMp4: true })).toEqual(['mp4']);
    expect(playbackOrder({ mediaSource: false, nativeHls: false, hasMp4: false })).toEqual([]);
  });
});
