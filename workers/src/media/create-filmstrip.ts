import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FFMPEG_PREFIX, fileUrl, runFfmpeg } from './ffmpeg-command';
import { rateValue } from './ffprobe-output';
import { fitWithin } from './media-geometry';
import type { TFfmpegCommand, TMediaTaskOptions } from './media-task.types';

export const FILMSTRIP_SPRITE = 'filmstrip.jpg';
export const FILMSTRIP_MANIFEST = 'filmstrip.json';

export interface TFilmstripOptions extends TMediaTaskOptions {
  /** At most this many tiles (default 100). */
  maxTiles?: number;
  /** Tile width in pixels (default 160). */
  tileWidth?: number;
  /** Tiles per row (default 10). */
  columns?: number;
}

/** filmstrip.json: tile i shows the picture at i × intervalSeconds, row-major from the sprite's top left. */
export interface TFilmstripManifest {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  intervalSeconds: number;
  count: number;
}

export interface TFilmstripResult extends TFilmstripManifest {
  sprite: typeof FILMSTRIP_SPRITE;
  manifest: typeof FILMSTRIP_MANIFEST;
  files: string[];
}

// Closer than this, neighbouring tiles look alike and hover scrubbing gains nothing.
const MIN_INTERVAL_SECONDS = 0.5;
// Past this interval, decoding only keyframes (a fraction of the work) is as good as decoding every frame.
const KEYFRAMES_ONLY_FROM_SECONDS = 5;

export function planFilmstripLayout(
  durationSeconds: number,
  frameRate: string | null,
  displayWidth: number,
  displayHeight: number,
  { maxTiles = 100, tileWidth = 160, columns = 10 } = {},
): TFilmstripManifest {
  const frames = frameRate ? Math.floor(durationSeconds * rateValue(frameRate)) : Infinity;
  const count = Math.max(1, Math.min(maxTiles, Math.floor(durationSeconds / MIN_INTERVAL_SECONDS), frames));
  const tile = fitWithin(displayWidth, displayHeight, tileWidth);
  const perRow = Math.min(columns, count);
  return {
    columns: perRow,
    rows: Math.ceil(count / perRow),
    tileWidth: tile.width,
    tileHeight: tile.height,
    intervalSeconds: durationSeconds / count,
    count,
  };
}

export function planFilmstrip(options: TFilmstripOptions): { command: TFfmpegCommand; manifest: TFilmstripManifest } {
  const { probe } = options;
  if (!probe.video || !probe.durationSeconds) throw new Error('A filmstrip needs a video stream with a duration');
  const manifest = planFilmstripLayout(
    probe.durationSeconds,
    probe.video.frameRate,
    probe.video.displayWidth,
    probe.video.displayHeight,
    options,
  );
  const output = path.join(options.outDir, FILMSTRIP_SPRITE);
  const input = fileUrl(options.input);
  const filters = [
    `fps=fps=${manifest.count}/${probe.durationSeconds.toFixed(6)}:round=down`,
    `scale=${manifest.tileWidth}:${manifest.tileHeight}`,
    'setsar=1',
    `tile=${manifest.columns}x${manifest.rows}`,
  ];
  const skip = manifest.intervalSeconds >= KEYFRAMES_ONLY_FROM_SECONDS ? ['-skip_frame', 'nokey'] : [];
  const args = [...FFMPEG_PREFIX, ...skip, '-i', input, '-map', `0:${probe.video.index}`, '-vf', filters.join(',')];
  args.push('-frames:v', '1', '-q:v', '4', '-update', '1', '-f', 'image2', output);
  return {
    command: { args, expectedSeconds: probe.durationSeconds, pipesStdout: false, paths: [input, output] },
    manifest,
  };
}

/** filmstrip.jpg, a sprite of up to 100 tiles 160 px wide across the whole video, and its filmstrip.json. */
export async function createFilmstrip(options: TFilmstripOptions): Promise<TFilmstripResult> {
  const { command, manifest } = planFilmstrip(options);
  const sprite = path.join(options.outDir, FILMSTRIP_SPRITE);
  await mkdir(options.outDir, { recursive: true });
  try {
    await runFfmpeg(command, { ...options, reportDone: false });
  } catch (error) {
    await rm(sprite, { force: true });
    throw error;
  }
  await writeFile(path.join(options.outDir, FILMSTRIP_MANIFEST), `${JSON.stringify(manifest)}\n`);
  options.onProgress?.(100);
  return {
    sprite: FILMSTRIP_SPRITE,
    manifest: FILMSTRIP_MANIFEST,
    files: [FILMSTRIP_SPRITE, FILMSTRIP_MANIFEST],
    ...manifest,
  };
}
