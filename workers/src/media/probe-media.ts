import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from './load-sharp';
import { resolveFfmpeg, type TFfmpegBinaries } from './ffmpeg-binaries';
import { fileUrl } from './ffmpeg-command';
import {
  bitRateOf,
  containerOf,
  durationOf,
  isStillImage,
  mediaStreams,
  timecodeOf,
  type FfprobeOutput,
} from './ffprobe-output';
import { progressSeconds } from './ffmpeg-progress';
import { MediaError } from './media-error';
import { fileMimeType, sniffHeader, type SniffResult } from './media-sniff';
import type { TImageInfo, TMediaProbe } from './media-probe.types';
import { runFluentFfmpeg } from './fluent-ffmpeg-run';
import { runProcess, summariseLog, wasInterrupted } from './run-process';

export interface ProbeOptions {
  signal?: AbortSignal;
  binaries?: TFfmpegBinaries;
}

const HEADER_BYTES = 64 * 1024;

/** The ffprobe command probeMedia runs, also for the benchmark to run bare. */
export function ffprobeArgs(input: string): string[] {
  return ['-print_format', 'json', '-show_streams', '-show_format', '-v', 'error', fileUrl(input)];
}

/**
 * Decodes the last second of an ISO (MP4/MOV) file. Its index sits at one end and can be whole while the media data
 * after it is cut short; ffprobe reads only the index, so it does not notice. Decoding then finds nothing to decode
 * (or ffmpeg's mov demuxer says 'partial file').
 */
export function tailCheckArgs(input: string, durationSeconds: number): string[] {
  const seconds = Math.min(1, durationSeconds).toFixed(3);
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-nostats',
    '-progress',
    'pipe:2',
    '-sseof',
    `-${seconds}`,
    '-i',
    fileUrl(input),
    '-map',
    '0:v:0?',
    '-map',
    '0:a:0?',
    '-f',
    'null',
    '-',
  ];
}

async function readHeader(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const SHARP_MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heif: 'image/heif',
  svg: 'image/svg+xml',
  jp2k: 'image/jp2',
  jp2: 'image/jp2',
  jxl: 'image/jxl',
  pdf: 'application/pdf',
};

const FFMPEG_IMAGE_MIME: Record<string, string> = {
  bmp: 'image/bmp',
  dpx: 'image/x-dpx',
  exr: 'image/x-exr',
  targa: 'image/x-tga',
  psd: 'image/vnd.adobe.photoshop',
  png: 'image/png',
  mjpeg: 'image/jpeg',
  tiff: 'image/tiff',
  webp: 'image/webp',
  gif: 'image/gif',
  jpeg2000: 'image/jp2',
};

async function sharpImage(file: string): Promise<TImageInfo | null> {
  try {
    const sharp = await loadSharp();
    const meta = await sharp(file).metadata();
    if (!meta.width || !meta.height) return null;
    const orientation = meta.orientation ?? null;
    return {
      width: meta.width,
      height: meta.height,
      displayWidth: meta.autoOrient?.width ?? meta.width,
      displayHeight: meta.autoOrient?.height ?? meta.height,
      format: String(meta.format),
      orientation,
      hasAlpha: meta.hasAlpha,
      colourSpace: meta.space ?? null,
      bitsPerSample: meta.bitsPerSample ?? null,
      pages: meta.pages ?? 1,
      density: meta.density ?? null,
      hasIccProfile: meta.hasProfile,
      decoder: 'sharp',
    };
  } catch {
    return null;
  }
}

function ffmpegImage(output: FfprobeOutput): TImageInfo | null {
  const stream = output.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!stream) return null;
  return {
    width: stream.width!,
    height: stream.height!,
    displayWidth: stream.width!,
    displayHeight: stream.height!,
    format: stream.codec_name ?? 'unknown',
    orientation: null,
    hasAlpha: /a|^pal8$/.test(stream.pix_fmt ?? '') && !/^(gray|yuvj?4\d\dp)$/.test(stream.pix_fmt ?? ''),
    colourSpace: null,
    bitsPerSample: null,
    pages: 1,
    density: null,
    hasIccProfile: false,
    decoder: 'ffmpeg',
  };
}

function imageMime(image: TImageInfo): string {
  const table = image.decoder === 'sharp' ? SHARP_MIME : FFMPEG_IMAGE_MIME;
  return table[image.format] ?? 'application/octet-stream';
}

function imageProbe(image: TImageInfo, size: number, formatName: string | null): TMediaProbe {
  return {
    itemType: 'image',
    format: image.format,
    formatName,
    mimeType: imageMime(image),
    size,
    durationSeconds: null,
    bitRate: null,
    video: null,
    audio: null,
    audioStreamCount: 0,
    audioTracks: [],
    hasCoverArt: false,
    timecodeStart: null,
    image,
  };
}

function fileProbe(file: string, size: number, sniff: SniffResult): TMediaProbe {
  const formats: Partial<Record<SniffResult['kind'], string>> = { pdf: 'pdf', zip: 'zip', ole: 'ole', text: 'text' };
  return {
    itemType: 'file',
    format: formats[sniff.kind] ?? null,
    formatName: null,
    mimeType: fileMimeType(sniff, path.basename(file)),
    size,
    durationSeconds: null,
    bitRate: null,
    video: null,
    audio: null,
    audioStreamCount: 0,
    audioTracks: [],
    hasCoverArt: false,
    timecodeStart: null,
    image: null,
  };
}

type FfprobeRun = { ok: true; output: FfprobeOutput } | { ok: false; reason: string };

/**
 * ffprobe through runProcess, niced and in its own process group like ffmpeg (fluent-ffmpeg's ffprobe spawns it at
 * the server's priority with no handle to lower it). A file ffprobe cannot read gives its reason, not an exception;
 * an ffprobe stopped by a signal (a shutdown, the OOM killer) says nothing about the file: that rejects, so the
 * probe runs again.
 */
async function ffprobe(file: string, binaries: TFfmpegBinaries): Promise<FfprobeRun> {
  const exit = await runProcess(binaries.ffprobePath, ffprobeArgs(file), { collectStdout: true });
  if (exit.signal) throw new Error(`ffprobe was stopped by ${exit.signal}`);
  const paths = [fileUrl(file), file];
  if (exit.code !== 0) {
    return { ok: false, reason: summariseLog(exit.log, paths) || `ffprobe exited with code ${exit.code}` };
  }
  let output: FfprobeOutput;
  try {
    output = JSON.parse(exit.stdout) as FfprobeOutput;
  } catch {
    return { ok: false, reason: 'ffprobe wrote no readable description' };
  }
  if (!output.streams?.length && !output.format?.format_name) {
    return { ok: false, reason: 'ffprobe wrote no readable description' };
  }
  return { ok: true, output };
}

async function checkTail(file: string, durationSeconds: number, binaries: TFfmpegBinaries, signal?: AbortSignal) {
  let decodedSeconds = 0;
  const exit = await runFluentFfmpeg(binaries, tailCheckArgs(file, durationSeconds), {
    signal,
    onProgressLine: (line) => {
      decodedSeconds = progressSeconds(line) ?? decodedSeconds;
    },
  });
  // Stopped from outside, ffmpeg decoded nothing: that says nothing about the file, so the probe runs again.
  if (wasInterrupted(exit)) throw new Error(`ffmpeg was interrupted by ${exit.signal ?? 'a signal'}`);
  if (decodedSeconds === 0 || exit.log.some((line) => /partial file/.test(line))) {
    const reason = summariseLog(exit.log, [fileUrl(file), file]) || 'no media data where the index says there is';
    throw new MediaError('The file could not be read as media: it is incomplete (cut short during upload or copying)', {
      reason,
    });
  }
}

/**
 * What a file is, from its content (never its name): video, audio, image or any other file, with the technical
 * facts the renditions and the item page need. Media that is recognisably audio, video or an image but cannot be
 * read (truncated, damaged) throws MediaError; content that is not media at all is a 'file'.
 */
export async function probeMedia(file: string, options: ProbeOptions = {}): Promise<TMediaProbe> {
  const info = await stat(file);
  if (!info.isFile()) throw new Error(`${file} is not a file`);
  const header = await readHeader(file);
  const sniff = sniffHeader(header);
  // Documents and text never reach ffmpeg: nothing to find there, and text formats make ffmpeg open other files.
  if (sniff.kind === 'pdf' || sniff.kind === 'zip' || sniff.kind === 'ole' || sniff.kind === 'text') {
    return fileProbe(file, info.size, sniff);
  }
  if (header.length === 0) return fileProbe(file, info.size, sniff);

  const binaries = options.binaries ?? (await resolveFfmpeg());
  const probed = await ffprobe(file, binaries);
  const output = probed.ok ? probed.output : null;
  // A weak guess on bytes that look like nothing in particular is ffprobe finding patterns in noise.
  const credible = output && !((output.format?.probe_score ?? 100) <= 25 && sniff.kind === 'unknown');

  if (output && credible && !isStillImage(output)) {
    const streams = mediaStreams(output);
    if (streams.video || streams.audio) {
      const durationSeconds = durationOf(output);
      const container = containerOf(output, Boolean(streams.video));
      if (durationSeconds && /(^|,)(mov|mp4)(,|$)/.test(output.format?.format_name ?? '')) {
        await checkTail(file, durationSeconds, binaries, options.signal);
      }
      return {
        itemType: streams.video ? 'video' : 'audio',
        format: container.format,
        formatName: output.format?.format_name ?? null,
        mimeType: container.mimeType,
        size: info.size,
        durationSeconds,
        bitRate: bitRateOf(output),
        ...streams,
        timecodeStart: timecodeOf(output),
        image: null,
      };
    }
  }

  const image = await sharpImage(file);
  if (image) return imageProbe(image, info.size, output?.format?.format_name ?? null);
  if (output && credible && isStillImage(output)) {
    const fromFfmpeg = ffmpegImage(output);
    if (fromFfmpeg) return imageProbe(fromFfmpeg, info.size, output.format?.format_name ?? null);
  }
  if (sniff.kind === 'media' || sniff.kind === 'image') {
    const reason = probed.ok ? 'no audio or video stream could be read' : probed.reason;
    throw new MediaError(`The file could not be read as media: ${reason}`, { reason });
  }
  return fileProbe(file, info.size, sniff);
}
