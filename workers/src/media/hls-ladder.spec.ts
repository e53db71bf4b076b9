import { TIME_SCALE } from '@mam/core';
import { chooseHlsLadder, countSegments, masterPlaylist, planSegments } from './hls-ladder';

const sizes = (ladder: ReturnType<typeof chooseHlsLadder>) => ladder.map((v) => `${v.name} ${v.width}x${v.height}`);

describe('chooseHlsLadder', () => {
  it('gives a 1080p source 1080/720/360', () => {
    expect(sizes(chooseHlsLadder(1920, 1080, '25/1'))).toEqual(['1080p 1920x1080', '720p 1280x720', '360p 640x360']);
  });

  it('never enlarges: 720p gets 720/360, 4K gets the same top rung as 1080p', () => {
    expect(sizes(chooseHlsLadder(1280, 720, '25/1'))).toEqual(['720p 1280x720', '360p 640x360']);
    expect(sizes(chooseHlsLadder(3840, 2160, '25/1'))[0]).toBe('1080p 1920x1080');
  });

  it('adds the source size for a picture well between rungs (anamorphic PAL shown 1024×576)', () => {
    expect(sizes(chooseHlsLadder(1024, 576, '25/1'))).toEqual(['576p 1024x576', '360p 640x360']);
    // 800 lines is within 20 % of 720: no extra rung.
    expect(sizes(chooseHlsLadder(1422, 800, '25/1'))).toEqual(['720p 1280x720', '360p 640x360']);
  });

  it('keeps a portrait video upright and cuts rungs by its short side', () => {
    expect(sizes(chooseHlsLadder(1080, 1920, '30/1'))).toEqual(['1080p 1080x1920', '720p 720x1280', '360p 360x640']);
  });

  it('gives a source below the lowest rung one rung at its own size with fewer bits', () => {
    const [only, ...rest] = chooseHlsLadder(320, 240, '25/1');
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ name: '240p', width: 320, height: 240 });
    expect(only!.videoKbps).toBeLessThan(800);
  });

  it('gives frame rates above 30 half as many bits again', () => {
    expect(chooseHlsLadder(1920, 1080, '25/1').map((v) => v.videoKbps)).toEqual([5000, 2800, 800]);
    expect(chooseHlsLadder(1920, 1080, '50/1').map((v) => v.videoKbps)).toEqual([7500, 4200, 1200]);
    expect(chooseHlsLadder(1920, 1080, '30000/1001').map((v) => v.videoKbps)).toEqual([5000, 2800, 800]);
  });
});

describe('planSegments', () => {
  it('6 s at 50 fps: 300 frames, 76800 ticks', () => {
    const plan = planSegments(6, '50/1');
    expect(plan).toMatchObject({ seconds: 6, gopFrames: 300, hlsTime: '6.000000' });
    expect(plan.duration).toEqual({ numerator: 6 * TIME_SCALE, denominator: TIME_SCALE });
    expect(plan.forceKeyFrames).toBe('expr:gte(t,n_forced*6.000000000-0.010000000)');
  });

  it('6 s at 29.97 fps: 180 whole frames, 6.006 s', () => {
    const plan = planSegments(6, '30000/1001');
    expect(plan.gopFrames).toBe(180);
    expect(plan.seconds).toBeCloseTo(6.006, 12);
    expect(plan.hlsTime).toBe('6.006000');
    expect(plan.duration).toEqual({ numerator: 76877, denominator: TIME_SCALE });
  });

  it('never sets the cut after the real segment end (23.976 fps, 2 s)', () => {
    const plan = planSegments(2, '24000/1001');
    expect(plan.gopFrames).toBe(48);
    expect(Number(plan.hlsTime)).toBeLessThanOrEqual(plan.seconds);
    expect(plan.seconds - Number(plan.hlsTime)).toBeLessThan(1e-6);
  });

  it('uses the target as is without a frame rate (audio)', () => {
    expect(planSegments(6, null)).toEqual({
      seconds: 6,
      gopFrames: null,
      hlsTime: '6.000000',
      forceKeyFrames: null,
      duration: { numerator: 76800, denominator: 12800 },
    });
  });

  it.each([0, -1, Number.NaN])('refuses %p s', (seconds) => {
    expect(() => planSegments(seconds, '25/1')).toThrow(RangeError);
  });
});

describe('playlists', () => {
  it('counts the segments of a media playlist', () => {
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.000000,\na.ts\n#EXTINF:2.5,\nb.ts\n#EXT-X-ENDLIST\n';
    expect(countSegments(playlist)).toBe(2);
    expect(countSegments('#EXTM3U\n')).toBe(0);
  });

  it('writes a master playlist with bandwidth and resolution', () => {
    expect(
      masterPlaylist([
        { playlist: 'stream_0.m3u8', bandwidth: 5478000, width: 1920, height: 1080 },
        { playlist: 'stream_1.m3u8', bandwidth: 128000, width: null, height: null },
      ]),
    ).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=5478000,RESOLUTION=1920x1080\nstream_0.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=128000\nstream_1.m3u8\n',
    );
  });
});
