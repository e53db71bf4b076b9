import { parseFrameRate, sameFrameRate, type FrameRate } from '../../timecode/frame-rate';
import { timecodeToFrames } from '../../timecode/timecode';
import type { TSequenceClip } from '../sequence.types';
import type { TInterchangeClip } from './interchange.types';

/** What an import needs to know of the item a clip was matched to. */
export interface TImportSource {
  itemId: string;
  /** 'num/den' */
  frameRate: string;
  sourceTimecodeStart: string;
  sourceFrames: number;
}

/** The clip's frames at the source's rate: as read, or counted again from the timecodes the file wrote. */
function framesAt(clip: TInterchangeClip, rate: FrameRate): [number, number] | null {
  if (sameFrameRate(parseFrameRate(clip.rate), rate)) return [clip.sourceIn, clip.sourceOut];
  if (!clip.timecodes) return null;
  try {
    return [timecodeToFrames(clip.timecodes.in, rate), timecodeToFrames(clip.timecodes.out, rate)];
  } catch {
    // Drop-frame labels at a rate without drop-frame, or frame numbers past the rate: not this source.
    return null;
  }
}

/**
 * The sequence clip an imported clip becomes once matched to its item: frames counted from the media's first frame,
 * or null when it cannot be that item's (another rate, or a range outside its media).
 */
export function toSequenceClip(clip: TInterchangeClip, source: TImportSource): TSequenceClip | null {
  const sourceRate = parseFrameRate(source.frameRate);
  const frames = framesAt(clip, sourceRate);
  if (!frames) return null;
  const offset = clip.origin === 'timecode' ? timecodeToFrames(source.sourceTimecodeStart, sourceRate) : 0;
  const [inFrame, outFrame] = [frames[0] - offset, frames[1] - offset];
  if (inFrame < 0 || outFrame > source.sourceFrames || outFrame <= inFrame) return null;
  return { itemId: source.itemId, inFrame, outFrame };
}

/** The items an import may use: by id, and by title (lower case, trimmed) where several may share one. */
export interface TImportCandidates {
  byId: ReadonlyMap<string, TImportSource>;
  byTitle: ReadonlyMap<string, readonly TImportSource[]>;
}

export const importTitleKey = (title: string): string => title.trim().toLowerCase();

/**
 * Each clip matched to an item: the one its id names when the range fits it, else the first item of its name it
 * fits. Clips that match nothing are listed by name (or position) so the user can see what the product lacks.
 */
export function matchImportedClips(
  clips: readonly TInterchangeClip[],
  candidates: TImportCandidates,
): { clips: TSequenceClip[]; unmatched: string[] } {
  const matched: TSequenceClip[] = [];
  const unmatched: string[] = [];
  clips.forEach((clip, index) => {
    const byId = clip.itemId ? candidates.byId.get(clip.itemId) : undefined;
    const sources = [...(byId ? [byId] : []), ...(candidates.byTitle.get(importTitleKey(clip.name)) ?? [])];
    const found = sources.map((source) => toSequenceClip(clip, source)).find((result) => result !== null);
    if (found) matched.push(found);
    else unmatched.push(clip.name.trim() || `#${index + 1}`);
  });
  return { clips: matched, unmatched };
}
