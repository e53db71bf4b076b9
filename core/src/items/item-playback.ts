import type { TPlaybackRange } from '../sequences/playback-range';
import type { ItemMedia, ItemRenditions } from './item-types';

/**
 * What the player is given: the finished proxy, the HLS still being written while the transcode runs, or the
 * stored original when a browser plays it as it is.
 */
export const playbackKinds = ['original', 'growing', 'proxy'] as const;
export type PlaybackKind = (typeof playbackKinds)[number];

export interface ItemPlayback {
  url: string;
  kind: PlaybackKind;
  /** A virtual clip's range of the media: players start at its in point, stop at its out point and show no more. */
  range?: TPlaybackRange;
}

/** The version as far as playback is concerned. */
export interface TPlaybackState {
  /** Set once the original is in storage. */
  originalKey: string | null;
  /** Set once the original is probed. */
  media: ItemMedia | null;
  renditions: ItemRenditions;
}

/**
 * Where each candidate is fetched from, or null where the caller may not hand it out (a viewer without the
 * download permission, a share without the original).
 */
export interface TPlaybackUrls {
  hls: string | null;
  mp4: string | null;
  original: string | null;
}

// ffprobe's names. Chromium, Firefox and Safari all decode these inside their own containers.
const VIDEO_CODECS = new Set(['h264']);
const MP4_AUDIO_CODECS = new Set(['aac']);
const WAV_CODECS = new Set(['pcm_u8', 'pcm_s16le', 'pcm_s24le', 'pcm_f32le']);
// Browsers decode 8-bit 4:2:0 H.264 only; High 10 and 4:2:2 camera files need the proxy.
const PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

function playableVideo(media: ItemMedia): boolean {
  if (!media.videoCodec || !VIDEO_CODECS.has(media.videoCodec)) return false;
  const pixelFormat = media.video?.pixelFormat ?? null;
  if (pixelFormat !== null && !PIXEL_FORMATS.has(pixelFormat)) return false;
  return media.audioCodec === null || MP4_AUDIO_CODECS.has(media.audioCodec);
}

/** Whether a browser plays the original as it is stored, judged from the probe. */
export function isBrowserPlayable(media: ItemMedia): boolean {
  if (media.mimeType && IMAGE_TYPES.has(media.mimeType)) return true;
  switch (media.container) {
    case 'mp4':
    case 'mov':
      return playableVideo(media);
    case 'm4a':
    case 'aac':
      return media.videoCodec === null && media.audioCodec !== null && MP4_AUDIO_CODECS.has(media.audioCodec);
    case 'mp3':
      return media.videoCodec === null && media.audioCodec === 'mp3';
    case 'wav':
      return media.videoCodec === null && media.audioCodec !== null && WAV_CODECS.has(media.audioCodec);
    default:
      return false;
  }
}

/**
 * The best thing to play now: the finished proxy (complete HLS, else the MP4), then HLS still being written, then
 * the original when the browser plays it. Null when nothing plays yet.
 */
export function choosePlayback(state: TPlaybackState, urls: TPlaybackUrls): ItemPlayback | null {
  const r = state.renditions;
  if (r.hlsMaster && !r.hlsGrowing && urls.hls) return { url: urls.hls, kind: 'proxy' };
  if (r.proxyMp4 && urls.mp4) return { url: urls.mp4, kind: 'proxy' };
  if (r.hlsMaster && r.hlsGrowing && urls.hls) return { url: urls.hls, kind: 'growing' };
  if (state.originalKey && state.media && urls.original && isBrowserPlayable(state.media)) {
    return { url: urls.original, kind: 'original' };
  }
  return null;
}
