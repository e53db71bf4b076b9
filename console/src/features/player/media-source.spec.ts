import { carriedPosition, playbackOrder, sourceOrder } from './media-source';

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

describe('sourceOrder', () => {
  const support = { mediaSource: true, nativeHls: false };

  it('plays HLS (growing or proxy) through hls.js with the MP4 proxy as the fallback', () => {
    const growing = '/api/v1/items/i/media/hls/master.m3u8';
    expect(sourceOrder(support, growing)).toEqual(['hls.js']);
    expect(sourceOrder(support, growing, '/m/proxy.mp4')).toEqual(['hls.js', 'mp4']);
    const signed = '/api/v1/public/shares/t/media/i/hls/1/sig/hls/master.m3u8';
    expect(sourceOrder({ mediaSource: false, nativeHls: true }, signed)).toEqual(['native-hls']);
  });

  it('gives the original or an MP4 proxy to the element as it is', () => {
    expect(sourceOrder(support, '/api/v1/items/i/media/original')).toEqual(['file']);
    expect(sourceOrder(support, '/m/proxy.mp4', '/m/proxy.mp4')).toEqual(['file']);
  });
});

describe('carriedPosition', () => {
  it('keeps the media time across a source switch, less the start offset of the old source', () => {
    expect(carriedPosition({ currentTime: 12.5, readyState: 4 }, 0.5)).toEqual({ seconds: 12 });
    expect(carriedPosition({ currentTime: 3, readyState: 1 }, 0)).toEqual({ seconds: 3 });
  });

  it('carries nothing from an element that had not loaded its source', () => {
    expect(carriedPosition({ currentTime: 0, readyState: 0 }, 0)).toBeNull();
  });
});
