import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { loadSharp } from './load-sharp';
import { FFMPEG_PREFIX, fileUrl, runFfmpeg } from './ffmpeg-command';
import { MediaError } from './media-error';
import type { TImageInfo } from './media-probe.types';
import type { TMediaTaskOptions } from './media-task.types';
import { abortReason } from './run-process';
import { THUMBNAIL_FILE, THUMBNAIL_WIDTH } from './create-thumbnail';

export type TPreviewFormat = 'jpeg' | 'webp' | 'avif';

export interface TImagePreviewsOptions extends TMediaTaskOptions {
  /** Preview widths (default 320, 1280, 2560); wider than the image are left out. */
  widths?: number[];
  formats?: TPreviewFormat[];
}

export interface TImagePreview {
  /** Relative to outDir: 'previews/1280.webp'. */
  file: string;
  width: number;
  height: number;
  format: TPreviewFormat;
  size: number;
}

export interface TImagePreviewsResult {
  previews: TImagePreview[];
  thumbnail: typeof THUMBNAIL_FILE;
  thumbnailWidth: number;
  thumbnailHeight: number;
  files: string[];
  /** The technical metadata of the original, as probed. */
  image: TImageInfo;
}

export const DEFAULT_PREVIEW_WIDTHS = [320, 1280, 2560];
export const DEFAULT_PREVIEW_FORMATS: TPreviewFormat[] = ['jpeg', 'webp', 'avif'];
const EXTENSIONS: Record<TPreviewFormat, string> = { jpeg: 'jpg', webp: 'webp', avif: 'avif' };

/**
 * The configured widths the image can fill, never enlarged. When the image ends well short of the next width (a
 * 1000 px photo), the image's own width is added so the largest preview is the whole picture.
 */
export function choosePreviewWidths(displayWidth: number, widths: number[] = DEFAULT_PREVIEW_WIDTHS): number[] {
  const sorted = [...new Set(widths)].sort((a, b) => a - b);
  const fitting = sorted.filter((width) => width <= displayWidth);
  const largest = fitting[fitting.length - 1];
  const roomAbove = sorted.some((width) => width > displayWidth);
  if (roomAbove && (!largest || displayWidth > largest * 1.25)) fitting.push(displayWidth);
  return fitting;
}

function encode(pipeline: Sharp, format: TPreviewFormat): Sharp {
  switch (format) {
    case 'jpeg':
      // JPEG has no transparency: transparent areas become white, as on a page.
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
    case 'webp':
      return pipeline.webp({ quality: 80 });
    case 'avif':
      // effort 2 of 9: several times faster than the default for a slightly larger file.
      return pipeline.avif({ quality: 55, effort: 2 });
  }
}

function unreadable(error: unknown): MediaError {
  const reason = error instanceof Error ? error.message : String(error);
  return new MediaError(`The image could not be read: ${reason}`, { reason, cause: error });
}

/**
 * previews/<width>.jpg|webp|avif and thumbnail.jpg with sharp, turned upright by the EXIF orientation, in sRGB
 * without the original's metadata. Images sharp cannot decode (BMP, DPX, EXR...) are decoded by ffmpeg first.
 */
export async function createImagePreviews(options: TImagePreviewsOptions): Promise<TImagePreviewsResult> {
  const { probe, signal } = options;
  const image = probe.image;
  if (!image) throw new Error('Image previews need an image probe');
  await mkdir(path.join(options.outDir, 'previews'), { recursive: true });

  let source: string | Buffer = options.input;
  const decoded = path.join(options.outDir, '.decoded-original.png');
  if (image.decoder === 'ffmpeg') {
    const args = [...FFMPEG_PREFIX, '-i', fileUrl(options.input), '-frames:v', '1', '-update', '1'];
    args.push('-c:v', 'png', '-f', 'image2', decoded);
    await runFfmpeg(
      { args, expectedSeconds: null, pipesStdout: false, paths: [fileUrl(options.input), decoded] },
      { binaries: options.binaries, signal },
    );
    source = decoded;
  } else if (image.format === 'svg') {
    // From memory, an SVG has no base folder to resolve references against, so it cannot pull in other files.
    source = await readFile(options.input);
  }

  try {
    // failOn 'error': a photo with a recoverable glitch still gets previews, as every image viewer shows it.
    const sharp = await loadSharp();
    const base = sharp(source, { failOn: 'error' }).rotate();
    const widths = choosePreviewWidths(image.displayWidth, options.widths);
    const formats = options.formats ?? DEFAULT_PREVIEW_FORMATS;
    const total = widths.length * formats.length + 1;
    let done = 0;
    const previews: TImagePreview[] = [];
    for (const width of widths) {
      for (const format of formats) {
        if (signal?.aborted) throw abortReason(signal);
        const file = `previews/${width}.${EXTENSIONS[format]}`;
        const info = await encode(base.clone().resize({ width, withoutEnlargement: true }), format)
          .toFile(path.join(options.outDir, file))
          .catch((error: unknown) => {
            throw unreadable(error);
          });
        previews.push({ file, width: info.width, height: info.height, format, size: info.size });
        options.onProgress?.(Math.floor((++done / total) * 100));
      }
    }
    if (signal?.aborted) throw abortReason(signal);
    const thumb = await encode(base.clone().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }), 'jpeg')
      .toFile(path.join(options.outDir, THUMBNAIL_FILE))
      .catch((error: unknown) => {
        throw unreadable(error);
      });
    options.onProgress?.(100);
    return {
      previews,
      thumbnail: THUMBNAIL_FILE,
      thumbnailWidth: thumb.width,
      thumbnailHeight: thumb.height,
      files: [...previews.map((p) => p.file), THUMBNAIL_FILE],
      image,
    };
  } finally {
    if (source === decoded) await rm(decoded, { force: true });
  }
}
