import { choosePlayback, isBrowserPlayable, type TPlaybackState, type TPlaybackUrls } from './item-playback';
import type { ItemMedia } from './item-types';

function media(patch: Partial<ItemMedia>): ItemMedia {
  return {
    durationSeconds: 10,
    frameRate: '25/1',
    width: 1280,
    height: 720,
    videoCodec: 'h264',
    audioCodec: 'aac',
    audioChannels: 2,
    sampleRate: 48000,
    container: 'mp4',
    mimeType: 'video/mp4',
    bitRate: 4_000_000,
    timecodeStart: null,
    segmentCount: null,
    segmentDuration: null,
    ...patch,
  };
}

const urls: TPlaybackUrls = { hls: '/m/hls/master.m3u8', mp4: '/m/proxy.mp4', original: '/m/original' };
const h264: TPlaybackState = { originalKey: 'k/original/a.mp4', media: media({}), renditions: {} };

describe('browser-playable originals', () => {
  it('plays H.264 with AAC in MP4 and MOV, and H.264 without sound', () => {
    expect(isBrowserPlayable(media({}))).toBe(true);
    expect(isBrowserPlayable(media({ container: 'mov', mimeType: 'video/quicktime' }))).toBe(true);
    expect(isBrowserPlayable(media({ audioCodec: null }))).toBe(true);
  });

  it('leaves broadcast codecs, PCM in MOV, 10-bit and 4:2:2 H.264 and other containers to the proxy', () => {
    expect(isBrowserPlayable(media({ videoCodec: 'prores', container: 'mov' }))).toBe(false);
    expect(isBrowserPlayable(media({ audioCodec: 'pcm_s24le', container: 'mov' }))).toBe(false);
    expect(isBrowserPlayable(media({ container: 'mxf', mimeType: 'application/mxf' }))).toBe(false);
    expect(isBrowserPlayable(media({ container: 'matroska' }))).toBe(false);
    const video = {
      codec: 'h264',
      profile: 'High 4:2:2',
      pixelFormat: 'yuv422p10le',
      bitDepth: 10,
      scanType: 'interlaced' as const,
      fieldOrder: 'tff' as const,
      colourSpace: null,
      colourPrimaries: null,
      colourTransfer: null,
      colourRange: null,
      hdr: null,
    };
    expect(isBrowserPlayable(media({ video }))).toBe(false);
    expect(isBrowserPlayable(media({ video: { ...video, pixelFormat: 'yuv420p', bitDepth: 8 } }))).toBe(true);
  });

  it('plays MP3, AAC and PCM WAV sound, and JPEG and PNG pictures', () => {
    const sound = { videoCodec: null, width: null, height: null, frameRate: null };
    expect(isBrowserPlayable(media({ ...sound, container: 'mp3', audioCodec: 'mp3', mimeType: 'audio/mpeg' }))).toBe(
      true,
    );
    expect(isBrowserPlayable(media({ ...sound, container: 'aac', mimeType: 'audio/aac' }))).toBe(true);
    expect(isBrowserPlayable(media({ ...sound, container: 'm4a', mimeType: 'audio/mp4' }))).toBe(true);
    expect(isBrowserPlayable(media({ ...sound, container: 'wav', audioCodec: 'pcm_s16le' }))).toBe(true);
    expect(isBrowserPlayable(media({ ...sound, container: 'wav', audioCodec: 'pcm_s32be' }))).toBe(false);
    expect(isBrowserPlayable(media({ ...sound, container: 'flac', audioCodec: 'flac' }))).toBe(false);
    const still = { ...sound, audioCodec: null, container: null };
    expect(isBrowserPlayable(media({ ...still, mimeType: 'image/jpeg' }))).toBe(true);
    expect(isBrowserPlayable(media({ ...still, mimeType: 'image/png' }))).toBe(true);
    expect(isBrowserPlayable(media({ ...still, mimeType: 'image/tiff' }))).toBe(false);
  });
});

describe('choosing what to play', () => {
  it('plays nothing before the original is stored and probed', () => {
    expect(choosePlayback({ originalKey: null, media: null, renditions: {} }, urls)).toBeNull();
    expect(choosePlayback({ ...h264, media: null }, urls)).toBeNull();
    expect(choosePlayback({ ...h264, originalKey: null }, urls)).toBeNull();
  });

  it('plays a browser-playable original as soon as it is probed, never one the browser cannot decode', () => {
    expect(choosePlayback(h264, urls)).toEqual({ url: '/m/original', kind: 'original' });
    expect(choosePlayback({ ...h264, media: media({ videoCodec: 'prores', container: 'mov' }) }, urls)).toBeNull();
  });

  it('does not hand out the original where the caller may not', () => {
    expect(choosePlayback(h264, { ...urls, original: null })).toBeNull();
  });

  it('prefers HLS still being written over the original', () => {
    const growing = { ...h264, renditions: { hlsMaster: 'hls/master.m3u8', hlsGrowing: true } };
    expect(choosePlayback(growing, urls)).toEqual({ url: '/m/hls/master.m3u8', kind: 'growing' });
    const prores = { ...growing, media: media({ videoCodec: 'prores', container: 'mov' }) };
    expect(choosePlayback(prores, { ...urls, original: null })).toEqual({ url: '/m/hls/master.m3u8', kind: 'growing' });
  });

  it('prefers the finished proxy, complete HLS before the MP4, over everything else', () => {
    const done = { ...h264, renditions: { hlsMaster: 'hls/master.m3u8', proxyMp4: 'proxy.mp4' } };
    expect(choosePlayback(done, urls)).toEqual({ url: '/m/hls/master.m3u8', kind: 'proxy' });
    const mp4Only = { ...h264, renditions: { proxyMp4: 'proxy.mp4' } };
    expect(choosePlayback(mp4Only, urls)).toEqual({ url: '/m/proxy.mp4', kind: 'proxy' });
    const mp4AndGrowing = {
      ...h264,
      renditions: { hlsMaster: 'hls/master.m3u8', hlsGrowing: true, proxyMp4: 'p.mp4' },
    };
    expect(choosePlayback(mp4AndGrowing, urls)).toEqual({ url: '/m/proxy.mp4', kind: 'proxy' });
  });

  it('falls back when a rendition exists but its URL is withheld', () => {
    const done = { ...h264, renditions: { hlsMaster: 'hls/master.m3u8', proxyMp4: 'proxy.mp4' } };
    expect(choosePlayback(done, { ...urls, hls: null })).toEqual({ url: '/m/proxy.mp4', kind: 'proxy' });
    expect(choosePlayback(done, { hls: null, mp4: null, original: '/m/original' })).toEqual({
      url: '/m/original',
      kind: 'original',
    });
  });
});
