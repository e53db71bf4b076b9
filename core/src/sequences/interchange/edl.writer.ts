import type { TSequenceView } from '../sequence.types';
import type { TInterchangeOptions } from './interchange.types';
import { mamItemRef } from './mam-item-ref';
import { recordTimecode, sequenceTiming, singleLine, sourceTimecode } from './sequence-timing';

const REEL_LENGTH = 8;
// Video with audio channels 1 and 2 in one event: the cutter keeps picture and sound together.
const CHANNELS = 'AA/V';

/**
 * CMX 3600 reel names: at most 8 characters of A–Z, 0–9 and '_'. Each source item gets its own reel; a clash after
 * truncation gets a number in its last characters so two sources never share a reel.
 */
function reelNames(items: Array<{ itemId: string; title: string }>): Map<string, string> {
  const reels = new Map<string, string>();
  const used = new Set<string>();
  for (const { itemId, title } of items) {
    if (reels.has(itemId)) continue;
    const base =
      title
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '') || 'AX';
    let reel = base.slice(0, REEL_LENGTH);
    for (let n = 1; used.has(reel); n += 1) reel = base.slice(0, REEL_LENGTH - String(n).length) + String(n);
    used.add(reel);
    reels.set(itemId, reel);
  }
  return reels;
}

/** The sequence as a CMX 3600 EDL; each event carries its clip name and item reference as comments. */
export function sequenceToEdl(view: TSequenceView, opts: TInterchangeOptions = {}): string {
  const timing = sequenceTiming(view, opts);
  const reels = reelNames(timing.clips.map(({ clip }) => clip));
  const lines = [
    `TITLE: ${singleLine(view.title).slice(0, 70)}`,
    `FCM: ${timing.dropFrame ? 'DROP FRAME' : 'NON-DROP FRAME'}`,
    '',
  ];
  timing.clips.forEach((clip, i) => {
    const reel = (reels.get(clip.clip.itemId) ?? 'AX').padEnd(REEL_LENGTH);
    const source = `${sourceTimecode(clip, clip.clip.inFrame)} ${sourceTimecode(clip, clip.clip.outFrame)}`;
    const record = `${recordTimecode(timing, clip.recordIn)} ${recordTimecode(timing, clip.recordIn + clip.frames)}`;
    lines.push(`${String(i + 1).padStart(3, '0')}  ${reel} ${CHANNELS.padEnd(5)} C        ${source} ${record}`);
    lines.push(`* FROM CLIP NAME: ${singleLine(clip.clip.title)}`);
    lines.push(`* SOURCE FILE: ${mamItemRef(clip.clip.itemId)}`);
    lines.push('');
  });
  return `${lines.join('\n')}\n`;
}
