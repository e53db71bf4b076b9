import { AppError } from '../../errors/app-error';
import { parseFrameRate, supportsDropFrame, type FrameRate } from '../../timecode/frame-rate';
import { framesToTimecode, timecodeToFrames } from '../../timecode/timecode';
import type { TSequenceClipView, TSequenceView } from '../sequence.types';
import type { TInterchangeOptions } from './interchange.types';

export const DEFAULT_START_TIMECODE = '01:00:00:00';
// A sequence without clips has no rate of its own; PAL is the broadcast default of the product.
const FALLBACK_RATE = '25/1';

export interface TClipTiming {
  clip: TSequenceClipView;
  rate: FrameRate;
  /** Whether the source's own timecode is drop-frame (written with ';'). */
  sourceDropFrame: boolean;
  /** Source timecode of the media's first frame, in frames since 00:00:00:00. */
  sourceStart: number;
  /** Record position of the clip's first frame, in sequence frames since 00:00:00:00. */
  recordIn: number;
  frames: number;
}

export interface TSequenceTiming {
  rate: FrameRate;
  dropFrame: boolean;
  /** Record timecode of the first frame, in frames since 00:00:00:00. */
  recordStart: number;
  clips: TClipTiming[];
}

export const rateText = (rate: FrameRate): string => `${rate.numerator}/${rate.denominator}`;

/** Where every clip sits on the record side and in its source, computed once for all three formats. */
export function sequenceTiming(view: TSequenceView, opts: TInterchangeOptions = {}): TSequenceTiming {
  const rate = parseFrameRate(view.frameRate ?? view.clips[0]?.frameRate ?? FALLBACK_RATE);
  const dropFrame = opts.dropFrame ?? supportsDropFrame(rate);
  const startLabel = opts.startTimecode ?? DEFAULT_START_TIMECODE;
  // The option decides drop-frame, not the separator someone typed in the start timecode.
  const recordStart = timecodeToFrames(dropFrame ? toDropLabel(startLabel) : startLabel.replace(';', ':'), rate);
  let recordIn = recordStart;
  const clips = [...view.clips]
    .sort((a, b) => a.index - b.index)
    .map((clip) => {
      if (clip.outFrame <= clip.inFrame) throw new AppError('VALIDATION_FAILED');
      const clipRate = parseFrameRate(clip.frameRate);
      const timing: TClipTiming = {
        clip,
        rate: clipRate,
        sourceDropFrame: clip.sourceTimecodeStart.includes(';'),
        sourceStart: timecodeToFrames(clip.sourceTimecodeStart, clipRate),
        recordIn,
        frames: clip.outFrame - clip.inFrame,
      };
      recordIn += timing.frames;
      return timing;
    });
  return { rate, dropFrame, recordStart, clips };
}

function toDropLabel(label: string): string {
  return label.replace(/:(\d{2,3})$/, ';$1');
}

/** Source timecode of a frame of the clip's media (counted from the media's first frame). */
export function sourceTimecode(timing: TClipTiming, mediaFrame: number): string {
  return framesToTimecode(timing.sourceStart + mediaFrame, timing.rate, timing.sourceDropFrame);
}

export function recordTimecode(sequence: TSequenceTiming, frames: number): string {
  return framesToTimecode(frames, sequence.rate, sequence.dropFrame);
}

/** Names end up on one line of an EDL or in an XML attribute: no line breaks or other control characters. */
export function singleLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}
