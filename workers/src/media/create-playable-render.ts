import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FILMSTRIP_MANIFEST, FILMSTRIP_SPRITE } from './create-filmstrip';
import { PROXY_FILE } from './create-proxy-mp4';
import { createPeakAccumulator, WAVEFORM_FILE, WAVEFORM_SAMPLE_RATE, type TWaveform } from './create-waveform';
import { resolveFfmpeg } from './ffmpeg-binaries';
import { runFfmpeg } from './ffmpeg-command';
import { countSegments } from './hls-ladder';
import {
  PLAYABLE_HLS_DIR,
  PLAYABLE_MASTER,
  planPlayableRender,
  planProxyRemux,
  type TPlayableOptions,
  type TPlayablePlan,
} from './playable-plan';
import type { Rational } from '@mam/core';

/** Longest wait between two progress reports while ffmpeg runs, well inside the activity's heartbeat timeout. */
const KEEPALIVE_MS = 10_000;

/** Where the render's files go as they are finished: the activity stores each under the version's prefix. */
export interface TPlayablePublisher {
  /** A finished file, relative to outDir; `body` is the exact text to store (a playlist as it was when read). */
  publish(file: string, body?: string): Promise<void>;
  /** The master and every playlist's first segment are published: the item can be played while the rest grows. */
  playable?(master: string): Promise<void>;
}

export interface TPlayableRenderOptions extends TPlayableOptions {
  publisher: TPlayablePublisher;
  /** How often the playlists are looked at while ffmpeg runs (default 250 ms). */
  pollMs?: number;
}

export interface TPlayableRenderResult {
  masterPlaylist: typeof PLAYABLE_MASTER;
  proxy: typeof PROXY_FILE;
  filmstrip: { sprite: typeof FILMSTRIP_SPRITE; manifest: typeof FILMSTRIP_MANIFEST } | null;
  waveform: typeof WAVEFORM_FILE | null;
  /** Bytes of each rendition as stored, for the storage accounting. */
  bytes: { proxy: number; hls: number; filmstrip: number; waveform: number };
  segmentCount: number;
  segmentDuration: Rational;
  /** Names of the audio renditions, default first (empty for video without sound). */
  audioTracks: string[];
}

/** Segment file names a media playlist lists, in order. */
export function listedSegments(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * Publishes what ffmpeg has finished: for each playlist (lowest rung first) its new segments, then the playlist
 * text that lists them, so a stored playlist never names a segment that is not stored yet. ffmpeg renames each
 * playlist into place (temp_file) only after the segments it lists are closed.
 */
function createPlaylistPublisher(plan: TPlayablePlan, outDir: string, publisher: TPlayablePublisher) {
  const published = new Map<string, string>();
  const segmentsDone = new Set<string>();
  let masterOut = false;
  return {
    async sync(): Promise<void> {
      for (const { playlist } of plan.playlists) {
        const text = await readFile(path.join(outDir, playlist), 'utf8').catch(() => null);
        if (text === null || text === published.get(playlist)) continue;
        for (const segment of listedSegments(text)) {
          const file = `${PLAYABLE_HLS_DIR}/${segment}`;
          if (segmentsDone.has(file)) continue;
          await publisher.publish(file);
          segmentsDone.add(file);
        }
        await publisher.publish(playlist, text);
        published.set(playlist, text);
      }
      const everyPlaylistStarted = plan.playlists.every((p) => countSegments(published.get(p.playlist) ?? '') > 0);
      if (!masterOut && everyPlaylistStarted) {
        await writeFile(path.join(outDir, PLAYABLE_MASTER), plan.master);
        await publisher.publish(PLAYABLE_MASTER, plan.master);
        masterOut = true;
        await publisher.playable?.(PLAYABLE_MASTER);
      }
    },
    /** Segments of the picture (AAC frames may leave audio a sliver of a segment longer); of the sound without. */
    segmentCount(): number {
      const video = plan.playlists.filter((p) => p.type === 'video');
      const counted = video.length > 0 ? video : plan.playlists;
      return Math.max(0, ...counted.map((p) => countSegments(published.get(p.playlist) ?? '')));
    },
  };
}

/**
 * The playable renditions from one decode of the source: HLS (EVENT playlists published as they grow, ended with
 * EXT-X-ENDLIST), then the proxy MP4 remuxed from the rung that fits 1280×720, the filmstrip and the waveform.
 */
export async function createPlayableRender(options: TPlayableRenderOptions): Promise<TPlayableRenderResult> {
  const plan = planPlayableRender(options);
  const { outDir, publisher } = options;
  const hlsDir = path.join(outDir, PLAYABLE_HLS_DIR);
  // A retry must not publish the previous attempt's segments as this one's.
  await rm(outDir, { recursive: true, force: true });
  await mkdir(hlsDir, { recursive: true });
  await mkdir(path.join(outDir, 'proxy'), { recursive: true });
  const binaries = options.binaries ?? (await resolveFfmpeg());
  const playlists = createPlaylistPublisher(plan, outDir, publisher);
  const peaks = plan.waveformRate ? createPeakAccumulator(WAVEFORM_SAMPLE_RATE / plan.waveformRate) : null;

  // ffmpeg's own position stands still until the end while one of its outputs (the filmstrip's tile) waits for the
  // last frame, so progress is counted in finished segments too; repeated now and then, it keeps the heartbeat.
  let percent = 0;
  let reportedAt = 0;
  const progress = (value: number) => {
    const next = Math.min(95, Math.max(percent, Math.floor(value)));
    if (next === percent && Date.now() - reportedAt < KEEPALIVE_MS) return;
    percent = next;
    reportedAt = Date.now();
    options.onProgress?.(next);
  };
  const duration = options.probe.durationSeconds;
  const fromSegments = () =>
    progress(duration ? ((playlists.segmentCount() * plan.segmentSeconds) / duration) * 100 : percent);

  let running = true;
  let busy = false;
  let syncing: Promise<void> = Promise.resolve();
  const poller = setInterval(() => {
    // One sync at a time: a slow upload skips ticks instead of piling them up. A failed one is tried again on the
    // next tick, and for the last time once ffmpeg is done, where its error ends the render.
    if (busy || !running) return;
    busy = true;
    syncing = playlists
      .sync()
      .then(fromSegments)
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, options.pollMs ?? 250);
  try {
    await runFfmpeg(plan.command, {
      binaries,
      signal: options.signal,
      onProgress: progress,
      onStdout: peaks ? (chunk) => peaks.push(chunk) : undefined,
      reportDone: false,
    });
  } finally {
    running = false;
    clearInterval(poller);
    await syncing;
  }
  // The playlists now end with EXT-X-ENDLIST.
  await playlists.sync();

  let hlsBytes = 0;
  for (const name of await readdir(hlsDir)) hlsBytes += (await stat(path.join(hlsDir, name))).size;

  await runFfmpeg(planProxyRemux(plan, outDir), { binaries, signal: options.signal, reportDone: false });
  await publisher.publish(PROXY_FILE);
  const bytes = { proxy: (await stat(path.join(outDir, PROXY_FILE))).size, hls: hlsBytes, filmstrip: 0, waveform: 0 };

  let filmstrip: TPlayableRenderResult['filmstrip'] = null;
  if (plan.filmstrip) {
    await writeFile(path.join(outDir, FILMSTRIP_MANIFEST), `${JSON.stringify(plan.filmstrip)}\n`);
    await publisher.publish(FILMSTRIP_SPRITE);
    await publisher.publish(FILMSTRIP_MANIFEST);
    filmstrip = { sprite: FILMSTRIP_SPRITE, manifest: FILMSTRIP_MANIFEST };
    bytes.filmstrip = (await stat(path.join(outDir, FILMSTRIP_SPRITE))).size;
  }

  let waveform: TPlayableRenderResult['waveform'] = null;
  if (peaks && plan.waveformRate) {
    const body: TWaveform = { version: 1, samplesPerSecond: plan.waveformRate, peaks: peaks.finish() };
    await writeFile(path.join(outDir, WAVEFORM_FILE), JSON.stringify(body));
    await publisher.publish(WAVEFORM_FILE);
    waveform = WAVEFORM_FILE;
    bytes.waveform = (await stat(path.join(outDir, WAVEFORM_FILE))).size;
  }
  options.onProgress?.(100);
  return {
    masterPlaylist: PLAYABLE_MASTER,
    proxy: PROXY_FILE,
    filmstrip,
    waveform,
    bytes,
    segmentCount: playlists.segmentCount(),
    segmentDuration: plan.segmentDuration,
    audioTracks: plan.playlists.filter((p) => p.type === 'audio').map((p) => p.name),
  };
}
