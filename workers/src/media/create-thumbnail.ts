import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from './load-sharp';
import { deinterlaceFilter } from './create-proxy-mp4';
import { FFMPEG_PREFIX, fileUrl, runFfmpeg } from './ffmpeg-command';
import { fitWithin } from './media-geometry';
import type { TFfmpegCommand, TMediaTaskOptions } from './media-task.types';

export const THUMBNAIL_FILE = 'thumbnail.jpg';
export const THUMBNAIL_WIDTH = 640;

export interface TThumbnailResult {
  file: typeof THUMBNAIL_FILE;
  files: string[];
  width: number;
  height: number;
  /** Where the poster frame was looked for; null when it is not a frame of the video. */
  atSeconds: number | null;
  source: 'frame' | 'cover-art' | 'waveform';
}

/**
 * The poster comes from about 10 % in, past titles and fades: the keyframe at or before that point, the only frame
 * decoded, so the item shows a picture a moment after the probe even for a long programme in a heavy codec.
 */
export function posterTime(durationSeconds: number | null): number {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.round(durationSeconds * 0.1 * 1000) / 1000;
}

export function planThumbnail(
  options: TMediaTaskOptions,
  seek = true,
): {
  command: TFfmpegCommand;
  source: TThumbnailResult['source'];
  atSeconds: number | null;
} {
  const { probe } = options;
  const output = path.join(options.outDir, THUMBNAIL_FILE);
  const input = fileUrl(options.input);
  const tail = ['-frames:v', '1', '-q:v', '3', '-update', '1', '-f', 'image2', output];
  const command = (args: string[]): TFfmpegCommand => ({
    args: [...FFMPEG_PREFIX, ...args, ...tail],
    expectedSeconds: null,
    pipesStdout: false,
    paths: [input, output],
  });

  if (probe.video) {
    const { video } = probe;
    const size = fitWithin(video.displayWidth, video.displayHeight, THUMBNAIL_WIDTH);
    const atSeconds = seek ? posterTime(probe.durationSeconds) : 0;
    const filters = [...deinterlaceFilter(video), `scale=${size.width}:${size.height}`, 'setsar=1'];
    // Without accurate seeking the first frame out is the keyframe the seek lands on; the decoder skips the rest.
    const keyframe = ['-skip_frame', 'nokey', '-ss', String(atSeconds), '-noaccurate_seek'];
    return {
      command: command([...keyframe, '-i', input, '-map', `0:${video.index}`, '-vf', filters.join(',')]),
      source: 'frame',
      atSeconds,
    };
  }
  if (probe.hasCoverArt) {
    return {
      command: command(['-i', input, '-map', '0:v:0', '-vf', `scale='min(${THUMBNAIL_WIDTH},iw)':-2,setsar=1`]),
      source: 'cover-art',
      atSeconds: null,
    };
  }
  if (probe.audio) {
    // The whole sound as one picture, in the product's accent colour.
    const graph = `[0:${probe.audio.index}]aformat=channel_layouts=mono,showwavespic=s=${THUMBNAIL_WIDTH}x360:colors=0x5daec1`;
    return { command: command(['-i', input, '-filter_complex', graph]), source: 'waveform', atSeconds: null };
  }
  throw new Error(
    'A media thumbnail needs an audio or a video stream; use createImagePreviews or createDocumentThumbnail',
  );
}

/** thumbnail.jpg, 640 px wide: a poster frame for video; cover art or a picture of the waveform for audio. */
export async function createThumbnail(options: TMediaTaskOptions): Promise<TThumbnailResult> {
  let plan = planThumbnail(options);
  const output = path.join(options.outDir, THUMBNAIL_FILE);
  await mkdir(options.outDir, { recursive: true });
  try {
    await runFfmpeg(plan.command, { ...options, reportDone: false });
    // A clip of a frame or two has nothing at the poster time: its first frame is the poster then.
    if (!existsSync(output) && plan.atSeconds) {
      plan = planThumbnail(options, false);
      await runFfmpeg(plan.command, { ...options, reportDone: false });
    }
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
  const sharp = await loadSharp();
  const { width, height } = await sharp(output).metadata();
  options.onProgress?.(100);
  return {
    file: THUMBNAIL_FILE,
    files: [THUMBNAIL_FILE],
    width,
    height,
    atSeconds: plan.atSeconds,
    source: plan.source,
  };
}
