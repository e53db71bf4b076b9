import { withoutGrowingHls } from './growing-hls';

describe('withoutGrowingHls', () => {
  it('drops the master of HLS that never ended, with its flag', () => {
    expect(withoutGrowingHls({ thumbnail: 'thumbnail.jpg', hlsMaster: 'hls/master.m3u8', hlsGrowing: true })).toEqual({
      thumbnail: 'thumbnail.jpg',
    });
  });

  it('keeps HLS that ended', () => {
    const finished = { thumbnail: 'thumbnail.jpg', hlsMaster: 'hls/master.m3u8', proxyMp4: 'proxy/proxy.mp4' };
    expect(withoutGrowingHls(finished)).toEqual(finished);
  });
});
