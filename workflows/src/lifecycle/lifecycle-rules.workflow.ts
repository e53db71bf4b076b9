import { condition, defineSignal, isCancellation, proxyActivities, setHandler } from '../runtime';
import type { LifecycleRulesActivities, LifecycleRulesInput } from './lifecycle-rules.activities.types';

export const LIFECYCLE_TASK_QUEUE = 'lifecycle';

/** "Run now" of one rule: the run wakes and applies it without waiting for the next round. */
export const runLifecycleRuleSignal = defineSignal<[string]>('runLifecycleRule');

/**
 * One run per tenant, not one per rule: a round reads the tenant's rules as they are stored, so adding, changing or
 * removing a rule needs no run started, signalled or stopped, and many rules over the same folders are applied one
 * after the other instead of racing each other for the same items.
 */
export function lifecycleRulesWorkflowId(tenantId: string): string {
  return `${tenantId}:lifecycle-rules`;
}

/**
 * Rounds per run before it hands over to a fresh one: each round adds a handful of history events, and a history
 * must stay small to replay quickly after a restart (and below Temporal's limits). Hourly, a run lasts about a week.
 */
export const LIFECYCLE_ROUNDS_PER_RUN = 168;

const { applyLifecycleRules, continueLifecycleRules } = proxyActivities<LifecycleRulesActivities>({
  taskQueue: LIFECYCLE_TASK_QUEUE,
  startToCloseTimeout: '1 hour',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 },
});

/**
 * The tenant's scheduled system task: sleeps on a durable timer, then applies every enabled lifecycle rule (or, when
 * woken by "Run now", the rules asked for). A round's failure is the activity's to retry; a round that still fails
 * is given up and the next one comes at its time, so one bad round does not end the schedule.
 */
export async function lifecycleRulesWorkflow(input: LifecycleRulesInput): Promise<'continued'> {
  const asked: string[] = [...(input.runNow ?? [])];
  setHandler(runLifecycleRuleSignal, (ruleId: string) => {
    if (!asked.includes(ruleId)) asked.push(ruleId);
  });
  for (let round = 0; round < (input.rounds ?? LIFECYCLE_ROUNDS_PER_RUN); round++) {
    const woken = asked.length > 0 || (await condition(() => asked.length > 0, input.intervalMs));
    const ruleIds = woken ? asked.splice(0, asked.length) : null;
    try {
      await applyLifecycleRules({ tenantId: input.tenantId, ruleIds });
    } catch (error) {
      if (isCancellation(error)) throw error;
      // Retried and still failing: the rules record nothing new, and the next round tries again.
    }
  }
  await continueLifecycleRules({ ...input, runNow: asked });
  return 'continued';
}
