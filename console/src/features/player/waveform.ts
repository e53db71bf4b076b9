/** waveform.json: `samplesPerSecond` (min, max) peak pairs in -1..1, flattened into `peaks`. */
export interface TWaveform {
  version: 1;
  samplesPerSecond: number;
  peaks: number[];
}

/** The waveform if it has the expected shape, else null (no waveform is drawn). */
export function parseWaveform(json: unknown): TWaveform | null {
  if (!json || typeof json !== 'object') return null;
  const w = json as Record<string, unknown>;
  if (w.version !== 1 || typeof w.samplesPerSecond !== 'number' || !(w.samplesPerSecond > 0)) return null;
  if (!Array.isArray(w.peaks) || !w.peaks.every((p) => typeof p === 'number')) return null;
  return { version: 1, samplesPerSecond: w.samplesPerSecond, peaks: w.peaks as number[] };
}

const clamp = (value: number) => Math.min(1, Math.max(-1, value));

/**
 * One (min, max) pair per pixel column for a canvas `width` columns wide spanning `durationSeconds` of media:
 * column x covers media time [x, x+1) × duration / width and takes the extremes of the samples in it, so peaks are
 * never lost when many samples share a column, and a sample spreads over several columns when there are few.
 * Returns [min0, max0, min1, max1, …]; columns past the end of the audio are silent (0, 0).
 */
export function waveformColumns(waveform: TWaveform, durationSeconds: number, width: number): Float32Array {
  const columns = Math.max(0, Math.floor(width));
  const result = new Float32Array(columns * 2);
  const samples = Math.floor(waveform.peaks.length / 2);
  if (columns === 0 || samples === 0) return result;
  const rate = waveform.samplesPerSecond;
  const duration = durationSeconds > 0 ? durationSeconds : samples / rate;
  for (let x = 0; x < columns; x += 1) {
    const first = Math.floor(((x * duration) / columns) * rate + 1e-9);
    const end = Math.min(samples, Math.max(first + 1, Math.ceil((((x + 1) * duration) / columns) * rate - 1e-9)));
    if (first >= samples) break;
    let min = 1;
    let max = -1;
    for (let s = first; s < end; s += 1) {
      min = Math.min(min, waveform.peaks[2 * s]!, waveform.peaks[2 * s + 1]!);
      max = Math.max(max, waveform.peaks[2 * s]!, waveform.peaks[2 * s + 1]!);
    }
    result[2 * x] = clamp(min);
    result[2 * x + 1] = clamp(max);
  }
  return result;
}

/** Pixel rows of a column's bar on a canvas `height` tall, with 0 at the middle; at least one row so silence shows. */
export function peakBar(min: number, max: number, height: number): { top: number; height: number } {
  const middle = height / 2;
  const top = middle - max * middle;
  const bottom = middle - min * middle;
  return { top, height: Math.max(1, bottom - top) };
}
