import { AppError } from '../../errors/app-error';
import { parseFrameRate } from '../../timecode/frame-rate';
import { timecodeToFrames } from '../../timecode/timecode';
import type { TInterchangeClip } from './interchange.types';
import { itemIdOfRef } from './mam-item-ref';
import { rateText } from './sequence-timing';

export interface TEdlParseOptions {
  /**
   * EDLs do not state their rate. Without one it is guessed from the timecodes (25 unless frame numbers go past it,
   * NTSC for drop-frame); an import counts each clip again at its matched source's rate anyway.
   */
  rate?: string;
}

interface TEvent {
  line: number;
  reel: string;
  channels: string;
  sourceIn: string;
  sourceOut: string;
  recordIn: string;
  name?: string;
  itemRef?: string;
}

const MAX_EDL_CHARS = 2_000_000;
const TC = String.raw`\d{2}[:;.,]\d{2}[:;.,]\d{2}[:;.,]\d{2,3}`;
// 001  REEL  AA/V  C  [dissolve length]  srcIn srcOut recIn recOut
const EVENT = new RegExp(
  String.raw`^(\d{1,6})\s+(\S+)\s+(\S+)\s+(C|D|W\d{3}|K[BO]?)\s+(?:\d{1,3}\s+)?(${TC})\s+(${TC})\s+(${TC})\s+(${TC})\s*$`,
);
const IGNORED = /^(TITLE:|FCM:|SPLIT:|M2\s|>>>|AUD|\*|$)/i;

function invalid(line: number): AppError {
  return new AppError('INTERCHANGE_EDL_INVALID', { params: { line } });
}

/** '.' and ',' are how some suites write the drop-frame separator; ';' before the frames is ours. */
function normalise(timecode: string): string {
  const dropFrame = /[;.,]\d{2,3}$/.test(timecode);
  const parts = timecode.split(/[:;.,]/);
  return `${parts.slice(0, 3).join(':')}${dropFrame ? ';' : ':'}${parts[3]}`;
}

function guessedRate(text: string, events: readonly TEvent[]): string {
  const labels = events.flatMap((event) => [event.sourceIn, event.sourceOut, event.recordIn]);
  // A reduce, not Math.max(...): an EDL of thousands of events would pass too many arguments.
  const highest = labels.reduce((max, label) => Math.max(max, Number(/\d+$/.exec(label)![0])), 0);
  const dropFrame = /^\s*FCM:\s*DROP FRAME/im.test(text) || labels.some((label) => /[;.,]\d+$/.test(label));
  if (dropFrame) return highest < 30 ? '30000/1001' : '60000/1001';
  return String([25, 30, 50, 60].find((nominal) => highest < nominal) ?? 1000);
}

function readEvents(text: string): TEvent[] {
  const events: TEvent[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    const match = EVENT.exec(line);
    if (match) {
      const [, , reel, channels, , sourceIn, sourceOut, recordIn] = match as unknown as string[];
      events.push({
        line: index + 1,
        reel: reel!,
        channels: channels!,
        sourceIn: sourceIn!,
        sourceOut: sourceOut!,
        recordIn: recordIn!,
      });
      return;
    }
    const last = events.at(-1);
    const comment = /^\*\s*(FROM CLIP NAME|SOURCE FILE)\s*:\s*(.*)$/i.exec(line);
    if (comment && last) {
      if (comment[1]!.toUpperCase() === 'FROM CLIP NAME') last.name = comment[2]!.trim();
      else last.itemRef = comment[2]!.trim();
      return;
    }
    if (!IGNORED.test(line)) throw invalid(index + 1);
  });
  return events;
}

/**
 * The clips of a CMX 3600 EDL in record order. Picture events are taken (an edit's separate audio events repeat the
 * same sources); an audio-only EDL gives its audio events. Frames count from source timecode zero (origin
 * 'timecode'): an EDL does not know where its sources' media start. Each timecode's separator says whether it is
 * drop-frame (';', '.' or ','), as our exports and today's suites write them; the FCM line only helps guess the rate.
 */
export function parseEdl(text: string, opts: TEdlParseOptions = {}): TInterchangeClip[] {
  if (text.length > MAX_EDL_CHARS) throw new AppError('PAYLOAD_TOO_LARGE');
  const events = readEvents(text);
  const rate = parseFrameRate(opts.rate ?? guessedRate(text, events));
  // Black is filler between clips, not a source.
  const sourced = events.filter((event) => !/^(BL|BLK|BLACK)$/i.test(event.reel));
  const video = sourced.filter((event) => /V|B/i.test(event.channels));
  const chosen = (video.length ? video : sourced).flatMap((event) => {
    const frames = (timecode: string) => {
      try {
        return timecodeToFrames(normalise(timecode), rate);
      } catch {
        throw invalid(event.line);
      }
    };
    const sourceIn = frames(event.sourceIn);
    const sourceOut = frames(event.sourceOut);
    if (sourceOut < sourceIn) throw invalid(event.line);
    // The outgoing side of a dissolve is written as an event of no length.
    if (sourceOut === sourceIn) return [];
    const clip: TInterchangeClip = {
      name: event.name ?? event.reel,
      sourceIn,
      sourceOut,
      rate: rateText(rate),
      origin: 'timecode',
      timecodes: { in: normalise(event.sourceIn), out: normalise(event.sourceOut) },
    };
    const itemId = itemIdOfRef(event.itemRef);
    return [{ recordIn: frames(event.recordIn), clip: itemId ? { ...clip, itemId } : clip }];
  });
  if (!chosen.length) throw new AppError('INTERCHANGE_EMPTY');
  return chosen.sort((a, b) => a.recordIn - b.recordIn).map(({ clip }) => clip);
}
