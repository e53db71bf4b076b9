import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FFMPEG_PREFIX, fileUrl, runFfmpeg } from './ffmpeg-command';
import { fitWithin } from './media-geometry';
import type { TMediaProbe, TVideoInfo } from './media-probe.types';
import type { TFfmpegCommand, TMediaTaskOptions } from './media-task.types';

export const PROXY_FILE = 'proxy/proxy.mp4';

export interface TProxyMp4Options extends TMediaTaskOptions {
  /** The proxy fits this box (default 1280×720), keeping the shape and never enlarging. */
  maxWidth?: number;
  maxHeight?: number;
  /** x264 constant quality (default 23). */
  crf?: number;
}

export interface TProxyMp4Result {
  file: typeof PROXY_FILE;
  files: string[];
  hasVideo: boolean;
  hasAudio: boolean;
  /** Null for an audio-only proxy. */
  width: number | null;
  height: number | null;
  size: number;
}

/** Interlaced broadcast sources are shown progressive on the web; bwdif keeps the frame rate (one frame per frame). */
export function deinterlaceFilter(video: TVideoInfo): string[] {
  return video.fieldOrder === 'tff' || video.fieldOrder === 'bff' ? ['bwdif=mode=send_frame'] : [];
}

/** AAC for the web: stereo at most (a 5.1 or 16-channel source is folded down), 128 kb/s. */
export function aacArgs(probe: TMediaProbe, streamSpecifier = ''): string[] {
  const channels = probe.audio && probe.audio.channels > 2 ? [`-ac${streamSpecifier}`, '2'] : [];
  return [`-c:a${streamSpecifier}`, 'aac', `-b:a${streamSpecifier}`, '128k', ...channels];
}

export function proxySize(
  probe: TMediaProbe,
  maxWidth = 1280,
  maxHeight = 720,
): { width: number; height: number } | null {
  if (!probe.video) return null;
  return fitWithin(probe.video.displayWidth, probe.video.displayHeight, maxWidth, maxHeight);
}

export function planProxyMp4(options: TProxyMp4Options): TFfmpegCommand {
  const { probe } = options;
  if (!probe.video && !probe.audio) throw new Error('A proxy needs an audio or a video stream');
  const output = path.join(options.outDir, PROXY_FILE);
  const args = [...FFMPEG_PREFIX, '-i', fileUrl(options.input)];
  const size = proxySize(probe, options.maxWidth, options.maxHeight);
  if (probe.video && size) {
    const filters = [...deinterlaceFilter(probe.video), `scale=${size.width}:${size.height}`, 'setsar=1'];
    args.push('-map', `0:${probe.video.index}`, '-vf', filters.join(','));
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(options.crf ?? 23));
    args.push('-profile:v', 'high', '-pix_fmt', 'yuv420p');
  }
  if (probe.audio) args.push('-map', `0:${probe.audio.index}`, ...aacArgs(probe));
  args.push('-sn', '-dn', '-movflags', '+faststart', '-f', 'mp4', output);
  return { args, expectedSeconds: probe.durationSeconds, pipesStdout: false, paths: [fileUrl(options.input), output] };
}

/**
 * proxy/proxy.mp4: H.264 (yuv420p, CRF 23, veryfast, at most 1280×720) with AAC, moov first so browsers play it
 * while it downloads. An audio-only source gets an AAC-only MP4, so every playable item has a proxy.
 */
export async function createProxyMp4(options: TProxyMp4Options): Promise<TProxyMp4Result> {
  const command = planProxyMp4(options);
  const output = path.join(options.outDir, PROXY_FILE);
  await mkdir(path.dirname(output), { recursive: true });
  try {
    await runFfmpeg(command, options);
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
  const size = proxySize(options.probe, options.maxWidth, options.maxHeight);
  return {
    file: PROXY_FILE,
    files: [PROXY_FILE],
    hasVideo: Boolean(options.probe.video),
    hasAudio: Boolean(options.probe.audio),
    width: size?.width ?? null,
    height: size?.height ?? null,
    size: (await stat(output)).size,
  };
}
