import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listedSegments } from '../media/create-playable-render';
import { RECORDER_HLS_DIR, RECORDER_PLAYLIST } from './recorder-plan';

/** Where a recording's growing proxy is stored under its version, apart from the ladder the stop's processing makes. */
export const LIVE_PROXY_DIR = 'live';
export const LIVE_PROXY_PLAYLIST = `${LIVE_PROXY_DIR}/index.m3u8`;
/** The high-res segments of a recording still running, for downloads assembled from segments. */
export const LIVE_HIGHRES_DIR = 'live-highres';

export interface TLivePlaylistSink {
  /** Stores `file` (relative to the live proxy folder) from disk, or `body` when given. */
  put(file: string, source: { path: string } | { body: string }): Promise<void>;
  /** The first publish that lists a segment: the item plays from now on. */
  firstPlayable(playlist: string): Promise<void>;
}

/**
 * Publishes the recorder's event playlist as it grows: new segments first, then the playlist that lists them, so a
 * stored playlist never names a segment that is not stored. Segments published by an earlier run (before a restart)
 * are found again in the playlist and put once more, which is harmless.
 */
export function createLivePlaylistPublisher(dir: string, sink: TLivePlaylistSink) {
  const done = new Set<string>();
  let published = '';
  let playable = false;
  return {
    async sync(): Promise<number> {
      const text = await readFile(path.join(dir, RECORDER_PLAYLIST), 'utf8').catch(() => null);
      if (text === null || text === published) return done.size;
      const segments = listedSegments(text);
      for (const segment of segments) {
        if (done.has(segment)) continue;
        await sink.put(segment, { path: path.join(dir, RECORDER_HLS_DIR, segment) });
        done.add(segment);
      }
      await sink.put('index.m3u8', { body: text });
      published = text;
      if (!playable && segments.length > 0) {
        playable = true;
        await sink.firstPlayable(LIVE_PROXY_PLAYLIST);
      }
      return done.size;
    },
  };
}
