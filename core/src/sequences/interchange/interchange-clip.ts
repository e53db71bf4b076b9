import { parseFrameRate } from '../../timecode/frame-rate';
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

/**
 * The sequence clip an imported clip becomes once matched to its item: frames counted from the media's first frame,
 * or null when the range lies outside the item's media (the file was cut from other media of the same name).
 */
export function toSequenceClip(clip: TInterchangeClip, source: TImportSource): TSequenceClip | null {
  const clipRate = parseFrameRate(clip.rate);
  const sourceRate = parseFrameRate(source.frameRate);
  if (clipRate.numerator * sourceRate.denominator !== sourceRate.numerator * clipRate.denominator) return null;
  const offset = clip.origin === 'timecode' ? timecodeToFrames(source.sourceTimecodeStart, sourceRate) : 0;
  const inFrame = clip.sourceIn - offset;
  const outFrame = clip.sourceOut - offset;
  if (inFrame < 0 || outFrame > source.sourceFrames || outFrame <= inFrame) return null;
  return { itemId: source.itemId, inFrame, outFrame };
}
