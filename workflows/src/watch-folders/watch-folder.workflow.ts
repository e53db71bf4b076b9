import type { TWatchObservation } from '@mam/core';
import { isCancellation, proxyActivities, sleep } from '../runtime';
import type { WatchFolderActivities, WatchFolderInput } from './watch-folder.activities.types';

export const WATCH_FOLDER_TASK_QUEUE = 'watch-folders';

/** Polls per run: each adds a few events to the history, so a run hands over to a fresh one now and then. */
export const WATCH_FOLDER_POLLS_PER_RUN = 500;

/** After a poll failed for good (the location unreachable for minutes), the next try: the watch goes on. */
const RETRY_AFTER_FAILURE = '1 minute';

/** A business key per watch folder: one poller at a time. */
export function watchFolderWorkflowId(tenantId: string, watchFolderId: string): string {
  return `${tenantId}:watch-folder:${watchFolderId}`;
}

const { pollWatchFolder, continueWatchFolder } = proxyActivities<WatchFolderActivities>({
  taskQueue: WATCH_FOLDER_TASK_QUEUE,
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * Watch folder (spec section 3): polls a high-res location on durable timers and ingests each file into the target
 * folder once it stopped changing. What the last poll saw rides in the run, so a restart only costs a poll's wait.
 * Disabling or deleting the watch folder cancels the run; a poll that finds it gone ends it too.
 */
export async function watchFolderWorkflow(input: WatchFolderInput): Promise<'stopped' | 'continued'> {
  let watching: TWatchObservation[] = [];
  for (let poll = 0; poll < WATCH_FOLDER_POLLS_PER_RUN; poll++) {
    let result;
    try {
      result = await pollWatchFolder({ ...input, watching });
    } catch (error) {
      if (isCancellation(error)) throw error;
      await sleep(RETRY_AFTER_FAILURE);
      continue;
    }
    if (!result) return 'stopped';
    watching = result.watching;
    await sleep(result.waitMs);
  }
  await continueWatchFolder(input);
  return 'continued';
}
