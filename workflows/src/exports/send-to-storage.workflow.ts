import { ApplicationFailure, isCancellation, proxyActivities } from '../runtime';
import { ARCHIVE_TASK_QUEUE } from '../archive/archive.workflow';
import { messageOf } from '../failure-message';
import type {
  SendToStorageActivities,
  SendToStorageInput,
  SendToStorageResult,
} from './send-to-storage.activities.types';

/** Storage copies run beside the archive's, on the same worker: both are bound by storage bandwidth. */
export const SEND_TO_STORAGE_TASK_QUEUE = ARCHIVE_TASK_QUEUE;

/** A business key per item and target: one send of an item to a location at a time, others in parallel. */
export function sendToStorageWorkflowId(tenantId: string, itemId: string, storageId: string): string {
  return `${tenantId}:item:${itemId}:send-to-storage:${storageId}`;
}

/** The failure type a failed send ends with; its message is the reason. */
export const SEND_TO_STORAGE_FAILED = 'SendToStorageFailed';

const transfer = proxyActivities<SendToStorageActivities>({
  taskQueue: SEND_TO_STORAGE_TASK_QUEUE,
  startToCloseTimeout: '12 hours',
  // The copy heartbeats with its bytes; a worker that died mid-copy is noticed within this.
  heartbeatTimeout: '2 minutes',
  // A target that is down gets a few minutes to come back before the send is reported failed.
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 6 },
});

const bookkeeping = proxyActivities<SendToStorageActivities>({
  taskQueue: SEND_TO_STORAGE_TASK_QUEUE,
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
});

/**
 * Copies an item's high resolution (its current version's original) as a file to another storage location of the
 * tenant, under a safe name made of its title, keeping it in the MAM. The copy's SHA-256 is computed while it
 * streams and compared with the stored copy; an existing file is never overwritten (`name (2).ext` instead).
 */
export async function sendToStorageWorkflow(input: SendToStorageInput): Promise<SendToStorageResult> {
  try {
    const plan = await bookkeeping.planSendToStorage(input);
    const result = await transfer.copyToStorage({ ...input, ...plan });
    await bookkeeping.completeSendToStorage({ ...input, ...result });
    return result;
  } catch (error) {
    if (isCancellation(error)) throw error;
    throw ApplicationFailure.nonRetryable(messageOf(error), SEND_TO_STORAGE_FAILED);
  }
}
