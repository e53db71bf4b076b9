import {
  AppError,
  assertOneFrameRate,
  framesToTimecode,
  mediaFrameCount,
  parseFrameRate,
  resolveSequenceClip,
  timecodeToFrames,
  type Actor,
  type TClipSource,
  type TSequenceClip,
  type TSequenceClipInput,
} from '@mam/core';
import type { Repositories, TItemWithVersion, TVirtualClipRow } from '@mam/db';
import { liveFoundOrNotFound } from '../items/live-item';

/** A video item's media as clips read it: its rate, first timecode and frames. */
export function clipSourceOf({ item, version }: TItemWithVersion): TClipSource {
  const media = version?.media ?? null;
  const probedVideo = (version?.probe as { video?: { frameCount?: number | null } | null } | null)?.video;
  const frameRate = media?.frameRate ?? null;
  return {
    itemId: item.id,
    itemType: item.itemType,
    frameRate,
    timecodeStart: media?.timecodeStart ?? null,
    frames: frameRate
      ? mediaFrameCount(media?.durationSeconds ?? null, frameRate, probedVideo?.frameCount ?? null)
      : null,
  };
}

/**
 * A virtual clip as a source of its own: the source's range, its timecode starting at the range's first frame, so
 * frames and timecodes given against it land in the source's range.
 */
function virtualClipSource(clipItemId: string, range: TVirtualClipRow, source: TClipSource): TClipSource {
  if (!source.frameRate || source.frames === null) return { ...source, itemId: clipItemId };
  const rate = parseFrameRate(source.frameRate);
  const start = source.timecodeStart ? timecodeToFrames(source.timecodeStart, rate) : 0;
  const dropFrame = source.timecodeStart?.includes(';') ?? false;
  return {
    itemId: clipItemId,
    itemType: source.itemType,
    frameRate: source.frameRate,
    timecodeStart: framesToTimecode(start + range.inFrame, rate, dropFrame),
    frames: Math.max(0, Math.min(range.outFrame, source.frames) - range.inFrame),
  };
}

/**
 * Clips as given (frames or timecodes, of video items or virtual clips) as ranges of the video items whose media
 * they are, checked against core's rules. An item the actor cannot see, of another tenant, or in the recycle bin is
 * NOT_FOUND; the first bad clip refuses the whole list, before anything is written.
 */
export async function resolveClips(
  repos: Repositories,
  actor: Actor,
  inputs: readonly TSequenceClipInput[],
): Promise<TSequenceClip[]> {
  const ids = [...new Set(inputs.map((clip) => clip.itemId))];
  const ranges = new Map(
    (await repos.virtualClips.findManyByItemIds(actor.tenantId, ids)).map((row) => [row.itemId, row]),
  );
  const sourceIds = [...new Set([...ids, ...[...ranges.values()].map((row) => row.sourceItemId)])];
  const found = new Map(
    (await repos.items.findManyWithVersion(actor.tenantId, sourceIds)).map((row) => [row.item.id, row]),
  );
  const rates: Array<{ itemId: string; frameRate: string }> = [];
  const clips = inputs.map((input) => {
    liveFoundOrNotFound(actor, found.get(input.itemId));
    const range = ranges.get(input.itemId);
    if (!range) {
      const source = clipSourceOf(found.get(input.itemId)!);
      const clip = resolveSequenceClip(input, source);
      rates.push({ itemId: input.itemId, frameRate: source.frameRate! });
      return clip;
    }
    // The virtual clip's own visibility was checked; its source is played through it, as its shares are.
    const source = found.get(range.sourceItemId);
    if (!source || source.item.deletedAt) throw new AppError('NOT_FOUND');
    const media = clipSourceOf(source);
    const clip = resolveSequenceClip(input, virtualClipSource(input.itemId, range, media));
    rates.push({ itemId: input.itemId, frameRate: media.frameRate! });
    return { itemId: source.item.id, inFrame: clip.inFrame + range.inFrame, outFrame: clip.outFrame + range.inFrame };
  });
  assertOneFrameRate(rates);
  return clips;
}
