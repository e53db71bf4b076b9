import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Rational } from '@mam/core';
import { aacArgs, deinterlaceFilter } from './create-proxy-mp4';
import { FFMPEG_PREFIX, fileUrl, runFfmpeg } from './ffmpeg-command';
import {
  AUDIO_KBPS,
  chooseHlsLadder,
  countSegments,
  masterPlaylist,
  planSegments,
  type THlsRung,
  type THlsVariantPlan,
} from './hls-ladder';
import type { TFfmpegCommand, TMediaTaskOptions } from './media-task.types';

export const HLS_DIR = 'hls';
export const HLS_MASTER = 'hls/master.m3u8';

export interface THlsLadderOptions extends TMediaTaskOptions {
  /** Target segment length in seconds (default 6), rounded to whole frames. */
  segmentSeconds?: number;
  rungs?: readonly THlsRung[];
}

export interface THlsVariant {
  /** Relative to outDir, e.g. 'hls/stream_0.m3u8'. */
  playlist: string;
  /** '720p', or 'audio' for an audio-only rendition. */
  name: string;
  width: number | null;
  height: number | null;
  /** Peak bits per second as announced in the master playlist (video + audio). */
  bandwidth: number;
  segmentCount: number;
}

export interface THlsLadderResult {
  masterPlaylist: typeof HLS_MASTER;
  files: string[];
  variants: THlsVariant[];
  segmentCount: number;
  /** Length of a full segment in the video time scale: { numerator: ticks, denominator: 12800 }. */
  segmentDuration: Rational;
  segmentSeconds: number;
}

interface THlsPlan {
  command: TFfmpegCommand;
  variants: Array<THlsVariantPlan | null>;
  segmentDuration: Rational;
  segmentSeconds: number;
}

function bandwidth(variant: THlsVariantPlan | null, hasAudio: boolean): number {
  // The encoder may peak 7 % over the target (maxrate below); the master playlist announces the peak.
  const video = variant ? Math.round(variant.videoKbps * 1.07) : 0;
  return (video + (hasAudio ? AUDIO_KBPS : 0)) * 1000;
}

/** The one ffmpeg run: split the picture, scale each rung, encode, and let the hls muxer write every playlist. */
export function planHlsLadder(options: THlsLadderOptions): THlsPlan {
  const { probe } = options;
  const { video, audio } = probe;
  if (!video && !audio) throw new Error('HLS needs an audio or a video stream');
  const segments = planSegments(options.segmentSeconds ?? 6, video?.frameRate ?? null);
  const dir = path.join(options.outDir, HLS_DIR);
  const args = [...FFMPEG_PREFIX, '-i', fileUrl(options.input)];
  const variants: Array<THlsVariantPlan | null> = [];
  const streamMap: string[] = [];

  if (video) {
    const ladder = chooseHlsLadder(video.displayWidth, video.displayHeight, video.frameRate, options.rungs);
    const splits = ladder.map((_, i) => `[s${i}]`).join('');
    const graph = [`[0:${video.index}]${[...deinterlaceFilter(video), `split=${ladder.length}`].join(',')}${splits}`];
    ladder.forEach((variant, i) => graph.push(`[s${i}]scale=${variant.width}:${variant.height},setsar=1[v${i}]`));
    args.push('-filter_complex', graph.join(';'));
    ladder.forEach((variant, i) => {
      args.push('-map', `[v${i}]`);
      if (audio) args.push('-map', `0:${audio.index}`);
      streamMap.push(audio ? `v:${i},a:${i}` : `v:${i}`);
      variants.push(variant);
    });
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p');
    ladder.forEach((variant, i) => {
      const kbps = variant.videoKbps;
      args.push(`-b:v:${i}`, `${kbps}k`, `-maxrate:v:${i}`, `${Math.round(kbps * 1.07)}k`);
      args.push(`-bufsize:v:${i}`, `${Math.round(kbps * 1.5)}k`);
    });
    if (segments.gopFrames) args.push('-g', String(segments.gopFrames));
    if (segments.forceKeyFrames) args.push('-force_key_frames', segments.forceKeyFrames);
  } else {
    args.push('-map', `0:${audio!.index}`);
    streamMap.push('a:0');
    variants.push(null);
  }
  if (audio) args.push(...aacArgs(probe));
  args.push('-sn', '-dn');
  args.push('-f', 'hls', '-hls_time', segments.hlsTime, '-hls_playlist_type', 'vod');
  args.push('-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts');
  args.push('-hls_segment_filename', path.join(dir, 'stream_%v_%05d.ts'));
  args.push('-master_pl_name', 'master.m3u8', '-var_stream_map', streamMap.join(' '));
  args.push(path.join(dir, 'stream_%v.m3u8'));
  return {
    command: {
      args,
      expectedSeconds: probe.durationSeconds,
      pipesStdout: false,
      paths: [fileUrl(options.input), dir],
    },
    variants,
    segmentDuration: segments.duration,
    segmentSeconds: segments.seconds,
  };
}

/**
 * hls/master.m3u8 with one variant per rung (stream_<n>.m3u8 and stream_<n>_<nnnnn>.ts beside it), MPEG-TS
 * segments of `segmentSeconds` cut on shared keyframes. Audio-only sources get one AAC rendition.
 */
export async function createHlsLadder(options: THlsLadderOptions): Promise<THlsLadderResult> {
  const plan = planHlsLadder(options);
  const dir = path.join(options.outDir, HLS_DIR);
  // A retry must not leave the previous attempt's extra segments beside the new ones.
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    await runFfmpeg(plan.command, { ...options, reportDone: false });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const hasAudio = Boolean(options.probe.audio);
  const variants: THlsVariant[] = [];
  for (const [i, variant] of plan.variants.entries()) {
    const playlist = `${HLS_DIR}/stream_${i}.m3u8`;
    const text = await readFile(path.join(options.outDir, playlist), 'utf8');
    variants.push({
      playlist,
      name: variant?.name ?? 'audio',
      width: variant?.width ?? null,
      height: variant?.height ?? null,
      bandwidth: bandwidth(variant, hasAudio),
      segmentCount: countSegments(text),
    });
  }
  const masterPath = path.join(options.outDir, HLS_MASTER);
  const master = await readFile(masterPath, 'utf8').catch(() => '');
  if (!master.includes('#EXT-X-STREAM-INF')) {
    await writeFile(
      masterPath,
      masterPlaylist(variants.map((v) => ({ ...v, playlist: path.posix.basename(v.playlist) }))),
    );
  }
  const files = (await readdir(dir)).sort().map((name) => `${HLS_DIR}/${name}`);
  options.onProgress?.(100);
  return {
    masterPlaylist: HLS_MASTER,
    files,
    variants,
    segmentCount: Math.max(...variants.map((v) => v.segmentCount)),
    segmentDuration: plan.segmentDuration,
    segmentSeconds: plan.segmentSeconds,
  };
}
