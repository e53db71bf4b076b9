import type { ItemVideoTechnical } from '@mam/core';
import { parseFrameRate } from '@mam/core';

/** Lowest level a bar shows: quieter than this reads as an empty bar. */
export const LEVEL_FLOOR_DB = -60;

/** dBFS as a bar's share (0..100); null (digital silence) and anything below the floor is 0. */
export function levelPercent(db: number | null): number {
  if (db === null) return 0;
  return Math.max(0, Math.min(100, ((db - LEVEL_FLOOR_DB) / -LEVEL_FLOOR_DB) * 100));
}

/** '30000/1001' → '29.97 fps (30000/1001)': the figure people say and the exact rational the file declares. */
export function frameRateLabel(rate: string | null): string | null {
  if (!rate) return null;
  try {
    const { numerator, denominator } = parseFrameRate(rate);
    const fps = numerator / denominator;
    const figure = Number.isInteger(fps) ? String(fps) : fps.toFixed(3).replace(/0+$/, '');
    return `${figure} fps (${numerator}/${denominator})`;
  } catch {
    return rate;
  }
}

/** The translation key of a stream's scan: progressive, interlaced with its field order, or null when unknown. */
export function scanKey(video: Pick<ItemVideoTechnical, 'scanType' | 'fieldOrder'>): string | null {
  if (video.scanType === 'progressive') return 'itemDetails.tech.scanProgressive';
  if (video.fieldOrder === 'tff') return 'itemDetails.tech.scanTff';
  if (video.fieldOrder === 'bff') return 'itemDetails.tech.scanBff';
  return video.scanType === 'interlaced' ? 'itemDetails.tech.scanInterlaced' : null;
}

const COLOUR_NAMES: Record<string, string> = {
  bt709: 'BT.709',
  bt470bg: 'BT.601 (625)',
  smpte170m: 'BT.601 (525)',
  bt2020nc: 'BT.2020 NCL',
  bt2020c: 'BT.2020 CL',
  bt2020: 'BT.2020',
  'bt2020-10': 'BT.2020',
  'bt2020-12': 'BT.2020',
  smpte2084: 'PQ (ST 2084)',
  'arib-std-b67': 'HLG (ARIB STD-B67)',
  smpte432: 'Display P3',
  iec61966_2_1: 'sRGB',
};

/** ffprobe's colour names as engineers write them; unknown names are shown as ffprobe gives them. */
export function colourName(name: string | null): string | null {
  return name ? (COLOUR_NAMES[name] ?? name) : null;
}
