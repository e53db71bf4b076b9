import type { TSequenceClip } from '@mam/core';
import { frameAt, frameStart, type TFrameClock } from '../player/frame-math';
import type { TMarks } from '../player/marks';
import type { TCutterSource } from './cutter-source';
import { clipStarts } from './sequence-timeline.state';

/** One clip as the sequence playback runs it: where it sits in the sequence and in its source's media time. */
export interface TProgramClip {
  index: number;
  itemId: string;
  url: string | null;
  clock: TFrameClock;
  /** First sequence frame of the clip. */
  start: number;
  inFrame: number;
  outFrame: number;
}

export function programClips(
  clips: readonly TSequenceClip[],
  sources: ReadonlyMap<string, TCutterSource>,
): TProgramClip[] | null {
  const starts = clipStarts(clips);
  const program: TProgramClip[] = [];
  for (const [index, clip] of clips.entries()) {
    const source = sources.get(clip.itemId);
    // Not loaded yet: nothing plays until every clip can.
    if (!source) return null;
    program.push({
      index,
      itemId: clip.itemId,
      url: source.programUrl,
      clock: source.clock,
      start: starts[index]!,
      inFrame: clip.inFrame,
      outFrame: clip.outFrame,
    });
  }
  return program;
}

/** Where to seek in the clip's source to show the frame `offset` frames into the clip: the frame's middle. */
export function seekSeconds(clip: TProgramClip, offset: number): number {
  const frame = Math.min(Math.max(clip.inFrame + offset, clip.inFrame), clip.outFrame - 1);
  return frameStart(frame + 0.5, clip.clock);
}

/** The sequence frame showing while the clip's source is at `mediaSeconds`, kept inside the clip. */
export function sequenceFrameAt(clip: TProgramClip, mediaSeconds: number): number {
  const frame = Math.min(Math.max(frameAt(mediaSeconds, clip.clock), clip.inFrame), clip.outFrame - 1);
  return clip.start + frame - clip.inFrame;
}

/**
 * Whether the source has played through the clip's last frame, so the next clip takes over. Half a frame early:
 * the check runs once per animation frame, and the switch should land on the cut, not a frame after it.
 */
export function pastOut(clip: TProgramClip, mediaSeconds: number): boolean {
  const frameSeconds = clip.clock.frameSeconds;
  return mediaSeconds >= frameStart(clip.outFrame, clip.clock) - frameSeconds / 2;
}

/**
 * The range the player's marks select as a clip: the in frame up to and including the out frame (the player shows
 * the out frame as part of the range); a missing mark means the start or the end of the media.
 */
export function markedClip(marks: TMarks, source: TCutterSource): TSequenceClip | null {
  const inFrame = marks.in === null ? 0 : frameAt(marks.in, source.clock);
  const outFrame = marks.out === null ? source.sourceFrames : frameAt(marks.out, source.clock) + 1;
  const end = Math.min(outFrame, source.sourceFrames);
  if (end <= inFrame) return null;
  return { itemId: source.itemId, inFrame, outFrame: end };
}
