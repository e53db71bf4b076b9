import { condition, defineSignal, isCancellation, proxyActivities, setHandler } from '../runtime';
import type { ReplicationActivities, ReplicationInput } from './replication.activities.types';

export const REPLICATION_TASK_QUEUE = 'replication';

/** The setting changed (shards, stage, enabled) or was deleted: plan a round now from the stored setting. */
export const replicationChangedSignal = defineSignal('replicationChanged');

/** A business key per setting: one run copies for it at a time. */
export function replicationWorkflowId(tenantId: string, settingId: string): string {
  return `${tenantId}:replication:${settingId}`;
}

// Between rounds with nothing new the wait doubles up to the longest, so an idle setting costs a few rounds an hour.
export const REPLICATION_FIRST_WAIT_MS = 30 * 1000;
export const REPLICATION_LONGEST_WAIT_MS = 10 * 60 * 1000;

const planning = proxyActivities<ReplicationActivities>({
  taskQueue: REPLICATION_TASK_QUEUE,
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

const copying = proxyActivities<ReplicationActivities>({
  taskQueue: REPLICATION_TASK_QUEUE,
  startToCloseTimeout: '12 hours',
  // The copy heartbeats with its bytes; a worker that died mid-shard is noticed within this.
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 6 },
});

/**
 * Replication (spec section 3): in rounds on durable timers, finds the source's media not yet copied and copies it
 * to the target in `shard count` shards at once, each object verified by its SHA-256 and recorded. It runs for as
 * long as the setting is enabled; a round that fails as a whole is tried again on the next timer.
 */
export async function replicationWorkflow(input: ReplicationInput): Promise<'stopped'> {
  let changes = 0;
  setHandler(replicationChangedSignal, () => {
    changes += 1;
  });
  let waitMs = REPLICATION_FIRST_WAIT_MS;
  for (;;) {
    const seen = changes;
    let more = false;
    try {
      const plan = await planning.planReplicationRound(input);
      if (!plan) return 'stopped';
      const results = await Promise.all(
        plan.shards.map((versionIds) => copying.replicateShard({ ...input, versionIds })),
      );
      const copied = results.reduce((sum, r) => sum + r.copied, 0);
      await planning.finishReplicationRound({ ...input, copied });
      more = plan.more;
      waitMs = copied > 0 ? REPLICATION_FIRST_WAIT_MS : Math.min(REPLICATION_LONGEST_WAIT_MS, waitMs * 2);
    } catch (error) {
      if (isCancellation(error)) throw error;
      waitMs = REPLICATION_LONGEST_WAIT_MS;
    }
    if (!more && changes === seen) await condition(() => changes !== seen, waitMs);
  }
}
