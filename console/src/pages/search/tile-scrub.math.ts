import type { TFilmstripManifest } from '../../features/player/filmstrip';

/** Where the pointer is across a box, from 0 (left edge) to 1 (right edge). */
export function scrubFraction(clientX: number, left: number, width: number): number {
  if (!(width > 0) || !Number.isFinite(clientX)) return 0;
  return Math.min(1, Math.max(0, (clientX - left) / width));
}

/**
 * The moment of the media a pointer position stands for: the whole duration spans the thumbnail's width. Without
 * a known duration the filmstrip's own length (one tile per interval) stands in.
 */
export function scrubSeconds(
  fraction: number,
  durationSeconds: number | null | undefined,
  manifest: Pick<TFilmstripManifest, 'count' | 'intervalSeconds'>,
): number {
  const duration =
    durationSeconds != null && durationSeconds > 0 ? durationSeconds : manifest.count * manifest.intervalSeconds;
  const clamped = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return clamped * duration;
}
