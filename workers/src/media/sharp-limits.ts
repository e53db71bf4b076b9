import sharp from 'sharp';

/**
 * libvips threads per image operation. Its default, one per core, lets a single preview or thumbnail take every core
 * from the API beside it; media work runs several operations side by side anyway (MEDIA_CONCURRENCY).
 */
export const SHARP_THREADS = 1;

sharp.concurrency(SHARP_THREADS);
