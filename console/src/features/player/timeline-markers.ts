/** A note on the timeline (a comment, say): a point, or a range when it has an out point. */
export interface TPlayerMarker {
  id: string;
  /** Media seconds, as the marks use them. */
  inSeconds: number;
  outSeconds?: number | null;
  /** Any CSS colour; the default is the theme's orange. */
  colour?: string;
  label: string;
  /** Drawn dimmed: done with, but still worth finding. */
  dimmed?: boolean;
}

/** Where a marker sits on the timeline, as fractions of its width; a point has no width. */
export interface TMarkerLayout {
  marker: TPlayerMarker;
  start: number;
  width: number;
}

const clamp = (fraction: number) => Math.min(1, Math.max(0, fraction));

/**
 * The markers that fall inside the media, placed on the timeline. Ranges include their out frame like the marked
 * range does; markers past the end (a comment from a longer earlier version) are left out rather than piled up at
 * the end. Dimmed ones come first so live ones draw over them.
 */
export function layoutMarkers(
  markers: readonly TPlayerMarker[],
  durationSeconds: number,
  frameSeconds: number,
): TMarkerLayout[] {
  if (durationSeconds <= 0) return [];
  return markers
    .filter((m) => m.inSeconds >= 0 && m.inSeconds <= durationSeconds)
    .map((marker) => {
      const start = clamp(marker.inSeconds / durationSeconds);
      const out = marker.outSeconds;
      const end =
        out !== null && out !== undefined && out > marker.inSeconds
          ? clamp((out + frameSeconds) / durationSeconds)
          : start;
      return { marker, start, width: end - start };
    })
    .sort((a, b) => Number(!!b.marker.dimmed) - Number(!!a.marker.dimmed) || a.start - b.start);
}
