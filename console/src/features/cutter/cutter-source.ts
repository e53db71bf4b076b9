import { mediaFrameCount } from '@mam/core';
import { frameClock, type TFrameClock } from '../player/frame-math';
import { isHlsUrl, type TPlayerSource } from '../player/media-source';

/** What an item shows of itself to the cutter (the fields of items.get it reads). */
export interface TCutterItem {
  id: string;
  title: string;
  itemType: string;
  playback: TPlayerSource | null;
  media: { frameRate?: string | null; durationSeconds?: number | null; timecodeStart?: string | null } | null;
  urls: {
    mp4: string | null;
    thumbnail: string | null;
    waveform?: string | null;
    filmstrip: { sprite: string; manifest: string } | null;
  };
}

/** A source of the sequence: what the source player, the timeline and the sequence playback need of an item. */
export interface TCutterSource {
  itemId: string;
  title: string;
  isVideo: boolean;
  frameRate: string;
  timecodeStart: string | null;
  durationSeconds: number;
  /** Frames of the whole media: the end of any range. */
  sourceFrames: number;
  clock: TFrameClock;
  playback: TPlayerSource | null;
  mp4Url: string | null;
  /**
   * What the sequence plays from: the MP4 proxy, else the original when the browser plays it as a file. HLS needs
   * a player of its own per element; two progressive files seek and switch at a cut without one.
   */
  programUrl: string | null;
  thumbnailUrl: string | null;
  waveformUrl: string | null;
  filmstrip: { sprite: string; manifest: string } | null;
}

/** The house rate when the probe named none, as the player assumes. */
const FALLBACK_RATE = '50/1';

export function cutterSource(item: TCutterItem): TCutterSource {
  const frameRate = item.media?.frameRate ?? FALLBACK_RATE;
  const timecodeStart = item.media?.timecodeStart ?? null;
  const clock = frameClock(frameRate, timecodeStart);
  const durationSeconds = item.media?.durationSeconds ?? 0;
  const file = item.playback && !isHlsUrl(item.playback.url) ? item.playback.url : null;
  return {
    itemId: item.id,
    title: item.title,
    isVideo: item.itemType === 'video' || item.itemType === 'live',
    frameRate,
    timecodeStart,
    durationSeconds,
    // Counted as the sequence store counts them, so a range to the end is never one frame too long for it.
    sourceFrames: mediaFrameCount(durationSeconds, frameRate) ?? 0,
    clock,
    playback: item.playback,
    mp4Url: item.urls.mp4,
    programUrl: item.urls.mp4 ?? file,
    thumbnailUrl: item.urls.thumbnail,
    waveformUrl: item.urls.waveform ?? null,
    filmstrip: item.urls.filmstrip,
  };
}
