import path from 'node:path';

import type { TLiveInput } from './live-input';

/** The codecs of a live input, as far as a short probe saw them. */
export interface TLiveInputCodecs {
  video: string | null;
  audio: string | null;
}

export interface TRecorderPlanOptions {
  input: TLiveInput;
  /** The recording's working directory: `highres/` (MPEG-TS segments) and `hls/` (the growing proxy). */
  dir: string;
  /** Counts the ffmpeg runs of one recording (restarts, source switches): names the high-res files of each. */
  run: number;
  segmentSeconds: number;
  /** 'copy' keeps the source's coding; otherwise the video and audio codec arguments of a render preset. */
  highRes: 'copy' | readonly string[];
  /** Height of the proxy rung. */
  proxyHeight: number;
  /** How long ffmpeg reads the feed before it records: short unless a short look could not size the picture. */
  analysis?: TRecorderAnalysis;
}

export type TRecorderAnalysis = 'short' | 'long';

/**
 * How much of the feed ffmpeg reads before it starts. MPEG-TS has no header, so ffmpeg reads all of its analysis
 * window however early it knows the streams: its default (5 s or 5 MB) was most of the time from the start of a
 * recording to its first playable segment. 2.5 s holds a keyframe of the 0.5–2 s GOPs contribution feeds use; a
 * feed with longer GOPs cannot be sized in it (`isUnsizedInput`) and is read again with the long window. The byte
 * limits stay above what the time lets through at contribution bit rates (50 Mbit/s is 16 MB in 2.5 s).
 */
export const RECORDER_ANALYSIS: Record<TRecorderAnalysis, readonly string[]> = {
  short: ['-analyzeduration', '2500000', '-probesize', '32000000'],
  long: ['-analyzeduration', '12000000', '-probesize', '150000000'],
};

/** ffmpeg's words when its analysis saw no keyframe: the picture has no size, and nothing can be recorded. */
export function isUnsizedInput(reason: string | null): boolean {
  return !!reason && /Could not find codec parameters|dimensions not set|unspecified size/i.test(reason);
}

export const RECORDER_HIGHRES_DIR = 'highres';
export const RECORDER_HLS_DIR = 'hls';
export const RECORDER_PLAYLIST = 'hls/index.m3u8';

// MPEG-TS carries these as they come, and the stop's concat joins them without re-encoding.
const COPYABLE_VIDEO = new Set(['h264', 'hevc', 'mpeg2video']);
const COPYABLE_AUDIO = new Set(['aac', 'mp2', 'ac3', 'eac3', 'mp3']);

/** The high-res coding is kept (stream copy) when MPEG-TS segments can carry it and a concat can join them. */
export function canStreamCopy(codecs: TLiveInputCodecs): boolean {
  if (!codecs.video || !COPYABLE_VIDEO.has(codecs.video)) return false;
  return codecs.audio === null || COPYABLE_AUDIO.has(codecs.audio);
}

/** Codec arguments of the high res when the source's coding cannot be kept. */
export const RECORDER_TRANSCODE_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  '192k',
] as const;

export function highResListFile(dir: string, run: number): string {
  return path.join(dir, RECORDER_HIGHRES_DIR, `run-${String(run).padStart(3, '0')}.csv`);
}

/**
 * One ffmpeg that reads the input once and writes both outputs: the high res as MPEG-TS segments listed (with their
 * stream times) as each closes, and the proxy as an HLS event playlist whose segments appear as they are encoded.
 * A later run appends to the same playlist (`append_list`), which marks the break with a discontinuity.
 */
export function planRecorderArgs(options: TRecorderPlanOptions): string[] {
  const seconds = options.segmentSeconds;
  const runName = `run-${String(options.run).padStart(3, '0')}`;
  const hls = path.join(options.dir, RECORDER_HLS_DIR);
  const args = ['-hide_banner', '-y', '-v', 'error', '-nostats'];
  args.push(...options.input.inputOptions, ...RECORDER_ANALYSIS[options.analysis ?? 'short'], '-i', options.input.url);
  args.push('-map', '0:v:0', '-map', '0:a:0?');
  if (options.highRes === 'copy') args.push('-c', 'copy');
  else args.push(...options.highRes, '-force_key_frames', `expr:gte(t,n_forced*${seconds})`);
  args.push('-f', 'segment', '-segment_time', String(seconds), '-segment_format', 'mpegts');
  args.push('-reset_timestamps', '0', '-segment_list_type', 'csv', '-segment_list_flags', '+live');
  args.push('-segment_list', highResListFile(options.dir, options.run));
  args.push(path.join(options.dir, RECORDER_HIGHRES_DIR, `${runName}-%05d.ts`));
  args.push('-map', '0:v:0', '-map', '0:a:0?');
  args.push('-vf', `scale=-2:${options.proxyHeight}`, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p');
  args.push('-force_key_frames', `expr:gte(t,n_forced*${seconds})`, '-sc_threshold', '0');
  args.push('-c:a', 'aac', '-b:a', '96k', '-ac', '2');
  args.push('-f', 'hls', '-hls_time', String(seconds), '-hls_playlist_type', 'event');
  args.push('-hls_flags', 'independent_segments+temp_file+append_list', '-hls_segment_type', 'mpegts');
  args.push('-hls_segment_filename', path.join(hls, 'segment_%05d.ts'), path.join(hls, 'index.m3u8'));
  return args;
}

/** One line of the segment muxer's CSV list: `file,start,end` in stream seconds. */
export interface TListedSegment {
  file: string;
  streamStart: number;
  streamEnd: number;
}

export function parseSegmentList(text: string): TListedSegment[] {
  const segments: TListedSegment[] = [];
  for (const line of text.split('\n')) {
    const [file, start, end] = line.trim().split(',');
    if (!file || start === undefined || end === undefined) continue;
    const streamStart = Number(start);
    const streamEnd = Number(end);
    if (Number.isFinite(streamStart) && Number.isFinite(streamEnd)) segments.push({ file, streamStart, streamEnd });
  }
  return segments;
}
