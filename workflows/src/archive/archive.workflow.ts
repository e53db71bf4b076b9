import type { TArchiveDirection, TRestoreTier } from '@mam/core';
import { ApplicationFailure, condition, defineSignal, isCancellation, proxyActivities, setHandler } from '../runtime';
import type { ArchiveActivities, ArchiveInput, ArchiveStep, RestoreInput } from './archive.activities.types';
import { messageOf } from '../failure-message';

export const ARCHIVE_TASK_QUEUE = 'archive';

/** A business key per item: one archive or unarchive of it at a time. */
export function archiveWorkflowId(tenantId: string, itemId: string): string {
  return `${tenantId}:item:${itemId}:archive`;
}

/** A restore asked for again with a faster tier while it waits (express after standard). */
export const upgradeRestoreTierSignal = defineSignal<[TRestoreTier]>('upgradeRestoreTier');

const transfer = proxyActivities<ArchiveActivities>({
  taskQueue: ARCHIVE_TASK_QUEUE,
  startToCloseTimeout: '12 hours',
  // The copy heartbeats with its bytes; a worker that died mid-copy is noticed within this.
  heartbeatTimeout: '2 minutes',
  // An archive storage that is down gets a few minutes to come back before the transfer is reported failed.
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 6 },
});

const bookkeeping = proxyActivities<ArchiveActivities>({
  taskQueue: ARCHIVE_TASK_QUEUE,
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
});

/** The failure's own words: activity failures wrap the activity's error as their cause. */
async function run(
  input: ArchiveInput,
  direction: TArchiveDirection,
  beforeCopy: (step: ArchiveStep) => Promise<void> = async () => undefined,
): Promise<void> {
  const step = { ...input, direction };
  try {
    const { versionIds } = await bookkeeping.planArchiveTransfer(step);
    await beforeCopy(step);
    for (const versionId of versionIds) await transfer.transferArchiveFile({ ...step, versionId });
    await bookkeeping.completeArchiveTransfer(step);
  } catch (error) {
    if (isCancellation(error)) throw error;
    await bookkeeping.failArchiveTransfer({ ...step, message: messageOf(error) });
    throw ApplicationFailure.nonRetryable(messageOf(error), 'ArchiveTransferFailed');
  }
}

/**
 * Moves every version's original to the archive location, one file at a time: each is deleted online only after its
 * archive copy is verified, so a failure at any point leaves every file readable in one place or the other.
 */
export async function archiveWorkflow(input: ArchiveInput): Promise<void> {
  await run(input, 'archive');
}

/** Brings the originals back online, verified the same way, and removes them from the archive only after. */
export async function unarchiveWorkflow(input: ArchiveInput): Promise<void> {
  await run(input, 'unarchive');
}

/**
 * Brings the originals back from a cold location: asks it for a readable copy (the tier sets how fast), sleeps on
 * durable timers until it is readable (hours survive any number of restarts), then copies back online verified like
 * an unarchive. It runs under the item's archive key, so a second request finds this run and joins it.
 */
export async function restoreWorkflow(input: RestoreInput): Promise<void> {
  const { tier, ...archive } = input;
  let current = tier;
  let faster: TRestoreTier | null = null;
  // A second request that joins with the faster tier: the restore is asked for again at that tier.
  setHandler(upgradeRestoreTierSignal, (asked: TRestoreTier) => {
    if (asked === 'express' && current !== 'express') faster = asked;
  });
  await run(archive, 'unarchive', async (step) => {
    // The wait comes from the activity's answer, journalled like any result, so a replay sleeps the same.
    let check = await bookkeeping.requestColdRestore({ ...step, tier });
    while (!check.ready) {
      const upgraded = await condition(() => faster !== null, check.waitMs);
      if (upgraded && faster) {
        current = faster;
        faster = null;
        check = await bookkeeping.requestColdRestore({ ...step, tier: current });
        continue;
      }
      check = await bookkeeping.checkColdRestore(step);
    }
  });
}
