import type sharpModule from 'sharp';

/**
 * libvips threads per image operation. Its default, one per core, lets a single preview or thumbnail take every core
 * from the API beside it; media work runs several operations side by side anyway (MEDIA_CONCURRENCY).
 */
export const SHARP_THREADS = 1;

/**
 * sharp (libvips: ~10 MB resident and ~40 ms of CPU to load) is needed only while images are processed: loaded on
 * first use rather than when the server starts.
 */
export async function loadSharp(): Promise<typeof sharpModule> {
  const sharp = (await import('sharp')).default;
  sharp.concurrency(SHARP_THREADS);
  return sharp;
}
