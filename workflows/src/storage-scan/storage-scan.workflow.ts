import { ApplicationFailure, isCancellation, proxyActivities } from '../runtime';
import { messageOf } from '../failure-message';
import type { StorageScanActivities, StorageScanInput, StorageScanPageResult } from './storage-scan.activities.types';

export const STORAGE_SCAN_TASK_QUEUE = 'storage';

/** A business key per location: one scan of a location at a time. */
export function storageScanWorkflowId(tenantId: string, storageId: string): string {
  return `${tenantId}:storage:${storageId}:scan`;
}

const { scanStoragePage, finishStorageScan } = proxyActivities<StorageScanActivities>({
  taskQueue: STORAGE_SCAN_TASK_QUEUE,
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 },
});

/**
 * Catch-up ingest (spec section 4): walks the location page by page, each page making items of the media files not
 * yet known. The cursor is each page's recorded result, so a run resumed after a restart carries on from the last
 * finished page; one page per few hundred files keeps the history short even for large locations.
 */
export async function storageScanWorkflow(input: StorageScanInput): Promise<void> {
  try {
    let after: string | null = null;
    for (;;) {
      const page: StorageScanPageResult = await scanStoragePage({ ...input, after });
      if (page.next === null) break;
      after = page.next;
    }
    await finishStorageScan({ ...input, error: null });
  } catch (error) {
    if (isCancellation(error)) throw error;
    await finishStorageScan({ ...input, error: messageOf(error) });
    throw ApplicationFailure.nonRetryable(messageOf(error), 'StorageScanFailed');
  }
}
