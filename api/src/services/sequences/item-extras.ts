import { playbackRange, type Actor } from '@mam/core';
import type { TItemView } from '../items/item-view';
import type { ServiceDeps } from '../service-deps';
import { getSequenceView } from './sequence.service';

/** What an item read alone shows beyond its row and version: a sequence's clips, a virtual clip's range. */
export async function itemExtras(
  deps: ServiceDeps,
  actor: Actor,
  view: Pick<TItemView, 'id' | 'itemType' | 'playback' | 'media'>,
): Promise<Pick<TItemView, 'sequence' | 'virtualClip'> & Partial<Pick<TItemView, 'playback'>>> {
  if (view.itemType === 'sequence') {
    const { frameRate, clips, totalFrames } = await getSequenceView(deps, actor, view.id);
    return { sequence: { frameRate, clips, totalFrames } };
  }
  const range = await deps.repos.virtualClips.findByItemId(actor.tenantId, view.id);
  if (!range) return {};
  const window = view.media ? playbackRange(range, view.media) : null;
  return {
    virtualClip: { sourceItemId: range.sourceItemId, inFrame: range.inFrame, outFrame: range.outFrame },
    playback: view.playback && window ? { ...view.playback, range: window } : view.playback,
  };
}
