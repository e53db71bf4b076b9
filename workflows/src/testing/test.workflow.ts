import {
  ApplicationFailure,
  CancellationScope,
  condition,
  defineQuery,
  defineSignal,
  isCancellation,
  proxyActivities,
  setHandler,
  sleep,
  uuid4,
  workflowInfo,
} from '../runtime';
import type { TestActivities } from './test-activities';

const quick = proxyActivities<TestActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: 50, backoffCoefficient: 2, maximumInterval: 200, maximumAttempts: 5 },
});

export async function greetWorkflow(name: string): Promise<string> {
  const greeting = await quick.greet(name);
  return quick.shout(greeting);
}

export async function flakyWorkflow(failures: number): Promise<number> {
  return quick.flaky(failures);
}

export async function nonRetryableWorkflow(kind: 'application' | 'listed'): Promise<void> {
  const listed = proxyActivities<TestActivities>({
    startToCloseTimeout: '10 seconds',
    retry: { initialInterval: 50, maximumAttempts: 5, nonRetryableErrorTypes: ['QuotaError'] },
  });
  if (kind === 'application') await quick.rejectInput();
  else await listed.quota();
}

export async function heartbeatTimeoutWorkflow(): Promise<number> {
  const watched = proxyActivities<TestActivities>({
    startToCloseTimeout: '20 seconds',
    heartbeatTimeout: 300,
    retry: { initialInterval: 50, maximumAttempts: 3 },
  });
  return watched.stallFirstAttempt();
}

export async function startToCloseWorkflow(): Promise<number> {
  const bounded = proxyActivities<TestActivities>({
    startToCloseTimeout: 300,
    retry: { initialInterval: 50, maximumAttempts: 3 },
  });
  return bounded.stallFirstAttempt();
}

/** Runs until cancelled, then cleans up in a scope the cancellation does not reach. */
export async function cancellableWorkflow(): Promise<string> {
  const long = proxyActivities<TestActivities>({
    startToCloseTimeout: '1 minute',
    heartbeatTimeout: '5 seconds',
    retry: { maximumAttempts: 1 },
  });
  try {
    await long.waitForCancel();
    return 'not cancelled';
  } catch (error) {
    if (isCancellation(error)) await CancellationScope.nonCancellable(() => quick.cleanup());
    throw error;
  }
}

/** A cancelled timer: the workflow is cancelled while it sleeps. */
export async function sleepyWorkflow(): Promise<void> {
  await sleep('1 hour');
}

export const approveSignal = defineSignal<[string]>('approve');
export const statusQuery = defineQuery<string>('status');

export async function approvalWorkflow(timeoutMs: number): Promise<string> {
  let approver: string | undefined;
  let status = 'waiting';
  setHandler(approveSignal, (who: string) => {
    approver = who;
  });
  setHandler(statusQuery, () => status);
  const approved = await condition(() => approver !== undefined, timeoutMs);
  status = approved ? `approved by ${approver}` : 'timed out';
  await quick.record(status);
  return status;
}

export const finishSignal = defineSignal('finish');
export const idsQuery = defineQuery<{ uuid: string; workflowId: string; greeting: string | null }>('ids');

/** State a query must rebuild by replay: a workflow-random uuid and an activity result. */
export async function replayedStateWorkflow(): Promise<string> {
  const ids = { uuid: uuid4(), workflowId: workflowInfo().workflowId, greeting: null as string | null };
  let finished = false;
  setHandler(idsQuery, () => ids);
  setHandler(finishSignal, () => {
    finished = true;
  });
  ids.greeting = await quick.greet('query');
  await condition(() => finished);
  return ids.uuid;
}

export async function sleepWorkflow(ms: number): Promise<string> {
  await quick.step('before');
  await sleep(ms);
  return quick.step('after');
}

export async function concurrencyWorkflow(ms: number): Promise<number> {
  const limited = proxyActivities<TestActivities>({ taskQueue: 'limited', startToCloseTimeout: '10 seconds' });
  return limited.trackConcurrency(ms);
}

/** Two versions of one workflow type: the second issues a different first command than the journal holds. */
export async function divergingWorkflowV1(): Promise<void> {
  await quick.step('v1');
  await condition(() => false);
}

export async function divergingWorkflowV2(): Promise<void> {
  await quick.greet('v2');
  await condition(() => false);
}

/** The crash-test workflow: a quick step, a slow heartbeating step, a durable timer, a last step. */
export async function crashWorkflow(input: { slowMs: number; sleepMs: number }): Promise<string[]> {
  const slow = proxyActivities<TestActivities>({
    startToCloseTimeout: '1 minute',
    heartbeatTimeout: '10 seconds',
    retry: { initialInterval: 50, maximumAttempts: 5 },
  });
  const done = [await quick.step('one')];
  done.push(await slow.slowStep(input.slowMs));
  await sleep(input.sleepMs);
  done.push(await quick.step('three'));
  return done;
}

export async function failingWorkflow(): Promise<void> {
  throw ApplicationFailure.nonRetryable('Nothing to do', 'NothingToDo');
}

/**
 * Activities in parallel, raced against a signal and a timer: their outcomes reach the code in whatever order they
 * arrive (several in one journal batch too), which an exported history must hand Temporal's replay the same way.
 */
export async function fanOutWorkflow(timeoutMs: number): Promise<string[]> {
  let skipped = false;
  setHandler(skipSignal, () => {
    skipped = true;
  });
  const steps = await Promise.all(['a', 'b', 'c'].map((name) => quick.step(name)));
  const waited = await condition(() => skipped, timeoutMs);
  const [greeting] = await Promise.all([quick.greet(steps.join('')), sleep(10)]);
  return [...steps, waited ? 'skipped' : 'waited', greeting];
}

export const skipSignal = defineSignal('skip');

/**
 * Schedules activities chosen by uuid4(): replayed by Temporal, the choices match only if the embedded runtime
 * draws the same random values for the run as Temporal's SDK (eight draws: a chance match is 1 in 256).
 */
export async function randomChoiceWorkflow(): Promise<string[]> {
  const picks = Array.from({ length: 8 }, () => (parseInt(uuid4()[0]!, 16) < 8 ? 'greet' : 'shout'));
  return Promise.all(picks.map((pick) => (pick === 'greet' ? quick.greet(pick) : quick.shout(pick))));
}

/** A bug after a first step: a TypeError is no Temporal failure, so it fails the workflow task, not the run. */
export async function buggyWorkflow(): Promise<void> {
  await quick.step('before the bug');
  throw new TypeError('a bug in the workflow code');
}
