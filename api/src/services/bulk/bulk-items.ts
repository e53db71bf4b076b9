import { isAppError } from '@mam/core';

/** At most this many items in one bulk request; a larger selection is sent in parts. */
export const MAX_BULK_ITEMS = 500;

/** How one item of a bulk request went: done, or refused with the error's stable code and message. */
export type TBulkItemResult<T extends object = object> =
  ({ itemId: string; ok: true } & T) | { itemId: string; ok: false; code: string; message: string };

/**
 * Runs a per-item function over a selection, each item on its own: one refused does not stop the others, and each
 * says how it went. A repeated id is done once. Only refusals (AppError) become results; anything else is a fault
 * and is thrown. More than `max` distinct ids is a caller error (the request schemas bound it first).
 */
export async function forEachItem<T extends object>(
  itemIds: readonly string[],
  run: (itemId: string) => Promise<T>,
  max = MAX_BULK_ITEMS,
): Promise<TBulkItemResult<T>[]> {
  const unique = [...new Set(itemIds)];
  if (unique.length > max) throw new RangeError(`At most ${max} items at once, got ${unique.length}`);
  const results: TBulkItemResult<T>[] = [];
  for (const itemId of unique) {
    try {
      results.push({ ...(await run(itemId)), itemId, ok: true });
    } catch (error) {
      if (!isAppError(error)) throw error;
      results.push({ itemId, ok: false, code: error.code, message: error.message });
    }
  }
  return results;
}
