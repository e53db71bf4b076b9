/** The server's limit per bulk request (MAX_BULK_ITEMS); a larger selection goes in parts. */
export const BULK_BATCH = 500;

/** Sends a selection in parts of at most BULK_BATCH ids and gathers the per-item results, in order. */
export async function inBatches<R>(ids: readonly string[], send: (itemIds: string[]) => Promise<{ results: R[] }>) {
  const results: R[] = [];
  for (let start = 0; start < ids.length; start += BULK_BATCH) {
    results.push(...(await send(ids.slice(start, start + BULK_BATCH))).results);
  }
  return results;
}
