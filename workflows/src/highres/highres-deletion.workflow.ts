import { condition, defineSignal, proxyActivities, setHandler } from '../runtime';
import type { HighresDeletionActivities, HighresDeletionInput } from './highres-deletion.activities.types';

export const HIGHRES_DELETION_TASK_QUEUE = 'highres';

/** The schedule was moved or cancelled: plan again from the stored schedule. */
export const highresDeletionChangedSignal = defineSignal('highresDeletionChanged');

/** A business key per item: one deletion run at a time. */
export function highresDeletionWorkflowId(tenantId: string, itemId: string): string {
  return `${tenantId}:item:${itemId}:highres-deletion`;
}

const { planHighresDeletion, deleteHighres } = proxyActivities<HighresDeletionActivities>({
  taskQueue: HIGHRES_DELETION_TASK_QUEUE,
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 30 },
});

/**
 * Sleeps on a durable timer until the item's scheduled deletion time, then deletes the originals of every version
 * (proxies, metadata and comments stay). A signal makes it plan again from the schedule as stored: a moved date
 * moves the timer, a cancelled schedule ends the run without deleting.
 */
export async function highresDeletionWorkflow(input: HighresDeletionInput): Promise<'deleted' | 'cancelled'> {
  let changes = 0;
  setHandler(highresDeletionChangedSignal, () => {
    changes += 1;
  });
  for (;;) {
    const seen = changes;
    const plan = await planHighresDeletion(input);
    if (!plan) return 'cancelled';
    if (plan.waitMs > 0) {
      const changed = await condition(() => changes !== seen, plan.waitMs);
      if (changed) continue;
    }
    if (await deleteHighres({ ...input, at: plan.at })) return 'deleted';
  }
}
