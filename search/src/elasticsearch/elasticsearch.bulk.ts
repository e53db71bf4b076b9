import type { estypes } from '@elastic/elasticsearch';
import { indexedItem, type IndexedItem, type SearchDocument } from './elasticsearch.document';

/** Documents per bulk request: keeps a request to a few megabytes whatever the caller hands over. */
export const bulkChunkSize = 500;

export type BulkOperation =
  { index: { _index: string; _id: string } } | { delete: { _index: string; _id: string } } | IndexedItem;

export class ElasticsearchBulkError extends Error {
  constructor(readonly failures: Array<{ id: string; status: number; reason: string }>) {
    const first = failures
      .slice(0, 3)
      .map((failure) => `${failure.id} (${failure.status}): ${failure.reason}`)
      .join('; ');
    super(`Elasticsearch refused ${failures.length} bulk operation(s): ${first}`);
    this.name = 'ElasticsearchBulkError';
  }
}

/** Index operations (action line, then source) for documents going into one index or alias. */
export function indexOperations(target: string, docs: readonly SearchDocument[]): BulkOperation[] {
  return docs.flatMap((doc) => [{ index: { _index: target, _id: doc.id } }, indexedItem(doc)]);
}

export function deleteOperations(target: string, ids: readonly string[]): BulkOperation[] {
  return ids.map((id) => ({ delete: { _index: target, _id: id } }));
}

/**
 * The operations Elasticsearch refused. A delete of something already gone (404) is what the caller wanted, so
 * it is no failure.
 */
export function bulkFailures(response: estypes.BulkResponse): ElasticsearchBulkError['failures'] {
  if (!response.errors) return [];
  return response.items.flatMap((item) =>
    Object.entries(item).flatMap(([action, result]) => {
      if (!result || result.status < 300 || (action === 'delete' && result.status === 404)) return [];
      return [
        { id: result._id ?? '?', status: result.status, reason: result.error?.reason ?? result.error?.type ?? '' },
      ];
    }),
  );
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
