import type { RouterOutputs } from '../../lib/trpc';

export type TLibraryItem = RouterOutputs['items']['list']['items'][number];

export type TItemState =
  | { kind: 'ready' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'processing'; progress: number }
  | { kind: 'error'; message: string | null };

type TStateSource = Pick<TLibraryItem, 'upload' | 'transcoding'>;

/** What a tile shows about an item's pipeline: the upload first, then the processing of the stored file. */
export function itemState(item: TStateSource): TItemState {
  const { upload, transcoding } = item;
  if (upload?.state === 'ERROR') return { kind: 'error', message: upload.error };
  if (upload && upload.state !== 'COMPLETE') {
    const progress = upload.totalBytes ? (100 * upload.receivedBytes) / upload.totalBytes : 0;
    return { kind: 'uploading', progress: Math.min(100, Math.max(0, progress)) };
  }
  if (transcoding?.state === 'ERROR') return { kind: 'error', message: transcoding.error };
  if (transcoding?.state === 'INITIATED' || transcoding?.state === 'PROGRESSING') {
    return { kind: 'processing', progress: Math.min(100, Math.max(0, transcoding.progress)) };
  }
  return { kind: 'ready' };
}

/** Whether the list should keep polling: something is still uploading or being processed. */
export function isBusy(item: TStateSource): boolean {
  const { kind } = itemState(item);
  return kind === 'uploading' || kind === 'processing';
}

/** Spec sections 5 and 9: selection in tile view is limited to 32 items. */
export const TILE_SELECTION_LIMIT = 32;

/**
 * Adds or removes ids from a selection, never growing it past `limit`. Returns the new selection and whether some
 * ids were left out because of the limit.
 */
export function toggleSelection(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
  limit = Infinity,
): { selection: Set<string>; capped: boolean } {
  const selection = new Set(selected);
  let capped = false;
  for (const id of ids) {
    if (!on) selection.delete(id);
    else if (selection.has(id)) continue;
    else if (selection.size < limit) selection.add(id);
    else capped = true;
  }
  return { selection, capped };
}
