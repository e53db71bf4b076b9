/**
 * Hits of all loaded pages, each once. Pages are offsets into a live result set: an item arriving between two page
 * loads pushes the last hit of one page onto the next.
 */
export function uniqueById<T extends { id: string }>(pages: ReadonlyArray<ReadonlyArray<T>>): T[] {
  const seen = new Set<string>();
  return pages.flat().filter((hit) => !seen.has(hit.id) && Boolean(seen.add(hit.id)));
}

/** The ticked hits still listed, in list order: a hit gone since it was ticked is no longer acted on. */
export function selectedHits<T extends { id: string }>(hits: readonly T[], selected: ReadonlySet<string>): T[] {
  return hits.filter((hit) => selected.has(hit.id));
}
