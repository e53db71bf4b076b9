import type sharpModule from 'sharp';

/**
 * sharp (libvips: ~10 MB resident and ~40 ms of CPU to load) is needed only while images are processed: loaded on
 * first use rather than when the server starts.
 */
export async function loadSharp(): Promise<typeof sharpModule> {
  return (await import('sharp')).default;
}
