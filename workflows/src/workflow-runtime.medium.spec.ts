import { randomUUID } from 'node:crypto';
import { createRepositories } from '@mam/db';
import { WorkflowFailedError } from '@temporalio/client';
import {
  ActivityFailure,
  ApplicationFailure,
  CancelledFailure,
  TerminatedFailure,
  TimeoutFailure,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@temporalio/common';
import type { TWorkflowDescription } from './engine';
import { DIVERGENCE_FAILURE_TYPE } from './embedded/workflow-instance';
import { createHarness, eventually, harnessKinds, TEST_TASK_QUEUE, type WorkflowHarness } from './testing/test-harness';
import * as testWorkflows from './testing/test-workflows';

const kinds = harnessKinds('Workflow suite');

/** The cause chain of a failed run's result, outermost first. */
async function failureChain(promise: Promise<unknown>): Promise<Error[]> {
  const error = await promise.then(
    () => {
      throw new Error('the workflow did not fail');
    },
    (caught: unknown) => caught as Error,
  );
  expect(error).toBeInstanceOf(WorkflowFailedError);
  const chain: Error[] = [];
  for (let current: unknown = error.cause; current instanceof Error; current = current.cause) chain.push(current);
  return chain;
}

describe.each(kinds)('workflows on the %s', (_name, kind) => {
  let harness: WorkflowHarness;
  const id = (name: string) => `test:${name}:${randomUUID().slice(0, 8)}`;
  const start = (type: keyof typeof testWorkflows, args: unknown[], workflowId = id(type)) =>
    harness.engine.start(type, { workflowId, taskQueue: TEST_TASK_QUEUE, args, tenantId: null }).then(() => workflowId);
  const runsOf = (workflowId: string, activity?: string) =>
    harness.runs.filter((run) => run.workflowId === workflowId && (!activity || run.activity === activity));
  const embeddedOnly = (name: string, fn: () => Promise<void>) =>
    kind.kind === 'embedded'
      ? it(name, fn)
      : it.skip(`${name} (embedded runtime only: on Temporal the server and SDK own this)`, fn);

  beforeAll(async () => {
    harness = await createHarness(kind);
  });
  afterAll(async () => {
    await harness?.dispose();
  });
  afterEach(() => {
    expect(harness.logger.errors.filter((entry) => !entry.message.includes('diverged'))).toEqual([]);
  });

  it('returns activity results and journals every step', async () => {
    const workflowId = await start('greetWorkflow', ['Ada']);
    await expect(harness.engine.result(workflowId)).resolves.toBe('HELLO, ADA');
    const description = await harness.engine.describe(workflowId);
    expect(description).toMatchObject({
      workflowId,
      type: 'greetWorkflow',
      status: 'COMPLETED',
      pendingActivities: [],
    });
    expect(description.closedAt).toBeInstanceOf(Date);
    expect(runsOf(workflowId).map((run) => run.activity)).toEqual(['greet', 'shout']);
    if (harness.embedded) {
      const journal = await harness.journal(workflowId);
      expect(journal.map((event) => [event.seq, event.kind, event.commandSeq])).toEqual([
        [1, 'WorkflowStarted', null],
        [2, 'ActivityScheduled', 1],
        [3, 'ActivityCompleted', 1],
        [4, 'ActivityScheduled', 2],
        [5, 'ActivityCompleted', 2],
        [6, 'WorkflowCompleted', null],
      ]);
      expect(journal[2]!.payload).toMatchObject({ result: { value: 'Hello, Ada' } });
    }
  });

  it('retries a failing activity with backoff until it succeeds', async () => {
    const workflowId = await start('flakyWorkflow', [2]);
    await expect(harness.engine.result(workflowId)).resolves.toBe(3);
    expect(runsOf(workflowId, 'flaky').map((run) => run.attempt)).toEqual([1, 2, 3]);
  });

  it('fails at once on a non-retryable ApplicationFailure and on a type listed as non-retryable', async () => {
    const application = await start('nonRetryableWorkflow', ['application']);
    const chain = await failureChain(harness.engine.result(application));
    expect(chain[0]).toBeInstanceOf(ActivityFailure);
    expect(chain[1]).toBeInstanceOf(ApplicationFailure);
    expect(chain[1]).toMatchObject({ message: 'Input is malformed', type: 'MalformedInput', nonRetryable: true });
    expect(runsOf(application, 'rejectInput')).toHaveLength(1);
    const description = await harness.engine.describe(application);
    expect(description.status).toBe('FAILED');
    expect(description.failure?.rootMessage).toBe('Input is malformed');

    const listed = await start('nonRetryableWorkflow', ['listed']);
    const listedChain = await failureChain(harness.engine.result(listed));
    expect(listedChain.at(-1)).toMatchObject({ message: 'Quota exceeded', type: 'QuotaError' });
    expect(runsOf(listed, 'quota')).toHaveLength(1);
  });

  it('retries an attempt that stops heartbeating, aborting its signal', async () => {
    const workflowId = await start('heartbeatTimeoutWorkflow', []);
    await expect(harness.engine.result(workflowId)).resolves.toBe(2);
    const runs = runsOf(workflowId, 'stallFirstAttempt');
    expect(runs.filter((run) => run.event === 'start').map((run) => run.attempt)).toEqual([1, 2]);
    // Temporal's server times the attempt out; its worker hears of it only through a heartbeat, which never comes.
    if (harness.embedded) expect(runs.find((run) => run.event === 'aborted')).toMatchObject({ attempt: 1 });
  });

  it('retries an attempt past its start-to-close timeout', async () => {
    const workflowId = await start('startToCloseWorkflow', []);
    await expect(harness.engine.result(workflowId)).resolves.toBe(2);
    const aborted = runsOf(workflowId, 'stallFirstAttempt').find((run) => run.event === 'aborted');
    expect(aborted).toMatchObject({ attempt: 1 });
    if (harness.embedded) expect(aborted?.detail).toBe(TimeoutFailure.name);
  });

  it('cancels a workflow: the running activity is aborted, clean-up runs, the run ends CANCELLED', async () => {
    const workflowId = await start('cancellableWorkflow', []);
    const running: TWorkflowDescription = await eventually(async () => {
      const description = await harness.engine.describe(workflowId);
      return description.pendingActivities[0]?.heartbeatDetails ? description : undefined;
    });
    expect(running.pendingActivities[0]).toMatchObject({ activityType: 'waitForCancel', state: 'STARTED', attempt: 1 });
    expect(running.pendingActivities[0]!.heartbeatDetails).toMatchObject({ percent: expect.any(Number) });

    await harness.engine.cancel(workflowId);
    const chain = await failureChain(harness.engine.result(workflowId));
    expect(chain[0]).toBeInstanceOf(CancelledFailure);
    expect((await harness.engine.describe(workflowId)).status).toBe('CANCELLED');
    await eventually(() => runsOf(workflowId, 'waitForCancel').find((run) => run.event === 'aborted'));
    expect(runsOf(workflowId, 'waitForCancel').find((run) => run.event === 'aborted')?.detail).toBe(
      CancelledFailure.name,
    );
    expect(runsOf(workflowId, 'cleanup')).toHaveLength(1);
  });

  it('cancels a sleeping workflow and its timer', async () => {
    const workflowId = await start('sleepyWorkflow', []);
    if (harness.embedded) {
      await eventually(async () => (await harness.journal(workflowId)).some((event) => event.kind === 'TimerStarted'));
    }
    await harness.engine.cancel(workflowId);
    const chain = await failureChain(harness.engine.result(workflowId));
    expect(chain[0]).toBeInstanceOf(CancelledFailure);
    if (harness.embedded) {
      const kinds = (await harness.journal(workflowId)).map((event) => event.kind);
      expect(kinds).toEqual([
        'WorkflowStarted',
        'TimerStarted',
        'CancelRequested',
        'TimerCancelled',
        'WorkflowCancelled',
      ]);
    }
  });

  it('delivers signals, re-evaluates conditions and answers queries', async () => {
    const workflowId = await start('approvalWorkflow', [30_000]);
    await eventually(async () => (await harness.engine.query(workflowId, testWorkflows.statusQuery)) === 'waiting');
    await harness.engine.signal(workflowId, testWorkflows.approveSignal, 'Grace');
    await expect(harness.engine.result(workflowId)).resolves.toBe('approved by Grace');
    await expect(harness.engine.query(workflowId, 'status')).resolves.toBe('approved by Grace');
    expect(runsOf(workflowId, 'record').map((run) => run.detail)).toEqual(['approved by Grace']);
    await expect(harness.engine.signal(workflowId, 'approve', 'Late')).rejects.toThrow();
  });

  it('ends a condition at its timeout', async () => {
    const workflowId = await start('approvalWorkflow', [200]);
    await expect(harness.engine.result(workflowId)).resolves.toBe('timed out');
  });

  it('answers queries from replayed state: the same uuid4() and activity results every time', async () => {
    const workflowId = await start('replayedStateWorkflow', []);
    const first = await eventually(async () => {
      const ids = await harness.engine.query(workflowId, testWorkflows.idsQuery);
      return ids.greeting ? ids : undefined;
    });
    expect(first).toMatchObject({ workflowId, greeting: 'Hello, query' });
    expect(first.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect(harness.engine.query(workflowId, testWorkflows.idsQuery)).resolves.toEqual(first);
    await harness.engine.signal(workflowId, testWorkflows.finishSignal);
    await expect(harness.engine.result(workflowId)).resolves.toBe(first.uuid);
    expect(runsOf(workflowId, 'greet')).toHaveLength(1);
  });

  it('sleeps on a durable timer', async () => {
    const started = Date.now();
    const workflowId = await start('sleepWorkflow', [400]);
    await expect(harness.engine.result(workflowId)).resolves.toBe('after');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('rejects starting a running id and allows a new run once it closed', async () => {
    const workflowId = await start('approvalWorkflow', [30_000]);
    await expect(start('approvalWorkflow', [30_000], workflowId)).rejects.toBeInstanceOf(
      WorkflowExecutionAlreadyStartedError,
    );
    await harness.engine.signal(workflowId, testWorkflows.approveSignal, 'first');
    await expect(harness.engine.result(workflowId)).resolves.toBe('approved by first');
    const first = await harness.engine.describe(workflowId);

    await start('approvalWorkflow', [30_000], workflowId);
    const second = await harness.engine.describe(workflowId);
    expect(second.runId).not.toBe(first.runId);
    await harness.engine.signal(workflowId, testWorkflows.approveSignal, 'second');
    await expect(harness.engine.result(workflowId)).resolves.toBe('approved by second');
  });

  it('runs at most the configured number of attempts of a task queue at once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => start('concurrencyWorkflow', [150])));
    const maxima = await Promise.all(ids.map((workflowId) => harness.engine.result<number>(workflowId)));
    expect(Math.max(...maxima)).toBe(2);
  });

  it('keeps a run whose code throws a non-Temporal error open and retries its task, as Temporal does', async () => {
    const workflowId = await start('buggyWorkflow', []);
    await eventually(() => runsOf(workflowId, 'step:before the bug').length > 0);
    const isTaskFailure = (entry: { object: unknown }) =>
      String((entry.object as { err?: unknown }).err).includes('a bug in the workflow code');
    // Retried: the task fails again on the next attempt (the embedded runtime logs each).
    if (harness.embedded) await eventually(() => harness.logger.errors.filter(isTaskFailure).length >= 2);
    expect((await harness.engine.describe(workflowId)).status).toBe('RUNNING');
    expect(runsOf(workflowId, 'step:before the bug')).toHaveLength(1);
    await harness.engine.terminate(workflowId, 'fixed elsewhere');
    // A retry already under way when the run was terminated may still log its failure.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const others = harness.logger.errors.filter((entry) => !isTaskFailure(entry));
    harness.logger.errors.splice(0, harness.logger.errors.length, ...others);
  });

  it('fails a workflow that throws, and terminates a running one', async () => {
    const failing = await start('failingWorkflow', []);
    const chain = await failureChain(harness.engine.result(failing));
    expect(chain[0]).toMatchObject({ message: 'Nothing to do', type: 'NothingToDo' });

    const sleeping = await start('sleepyWorkflow', []);
    await harness.engine.terminate(sleeping, 'no longer needed');
    const terminated = await failureChain(harness.engine.result(sleeping));
    expect(terminated[0]).toBeInstanceOf(TerminatedFailure);
    expect((await harness.engine.describe(sleeping)).status).toBe('TERMINATED');
    await expect(harness.engine.cancel(sleeping)).rejects.toThrow();
    await expect(harness.engine.describe(`test:unknown:${randomUUID()}`)).rejects.toBeInstanceOf(WorkflowNotFoundError);
  });

  it('lists runs by tenant and item, never another tenant’s', async () => {
    const repos = createRepositories(harness.database.db);
    const suffix = randomUUID().slice(0, 6);
    const alpha = await repos.tenants.insert({ slug: `alpha-${suffix}`, name: 'Alpha', config: {} });
    const bravo = await repos.tenants.insert({ slug: `bravo-${suffix}`, name: 'Bravo', config: {} });
    const itemId = randomUUID();
    const startFor = (tenantId: string, item?: string) =>
      harness.engine.start('greetWorkflow', {
        workflowId: id('listed'),
        taskQueue: TEST_TASK_QUEUE,
        args: ['list'],
        tenantId,
        itemId: item,
      });
    const ofItem = await startFor(alpha.id, itemId);
    const other = await startFor(alpha.id);
    const foreign = await startFor(bravo.id, itemId);
    await Promise.all([ofItem, other, foreign].map((run) => harness.engine.result(run.workflowId)));

    const byItem = await harness.engine.list({ tenantId: alpha.id, itemId });
    expect(byItem.map((run) => run.workflowId)).toEqual([ofItem.workflowId]);
    expect(byItem[0]).toMatchObject({ status: 'COMPLETED', tenantId: alpha.id, itemId, type: 'greetWorkflow' });
    const alphaRuns = await harness.engine.list({ tenantId: alpha.id });
    expect(alphaRuns.map((run) => run.workflowId).sort()).toEqual([ofItem.workflowId, other.workflowId].sort());
    expect(await harness.engine.list({ tenantId: bravo.id, status: 'RUNNING' })).toEqual([]);
    expect((await harness.engine.list({ tenantId: bravo.id })).map((run) => run.workflowId)).toEqual([
      foreign.workflowId,
    ]);
  });

  embeddedOnly('resumes a sleeping workflow after a restart without rerunning completed activities', async () => {
    const workflowId = await start('sleepWorkflow', [800]);
    await eventually(async () => (await harness.journal(workflowId)).some((event) => event.kind === 'TimerStarted'));
    await harness.restart();
    await expect(harness.engine.result(workflowId)).resolves.toBe('after');
    expect(runsOf(workflowId).map((run) => run.activity)).toEqual(['step:before', 'step:after']);
    const kinds = (await harness.journal(workflowId)).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'TimerFired')).toHaveLength(1);
  });

  embeddedOnly('hands a running activity back on a graceful stop: it runs again as the same attempt', async () => {
    const workflowId = await start('cancellableWorkflow', []);
    const starts = () => runsOf(workflowId, 'waitForCancel').filter((run) => run.event === 'start');
    await eventually(() => starts().length === 1);
    await harness.restart();
    await eventually(() => starts().length === 2);
    // maximumAttempts is 1: a stop that counted as a failed attempt would have failed the run.
    expect(starts().map((run) => run.attempt)).toEqual([1, 1]);
    await harness.engine.cancel(workflowId);
    await expect(harness.engine.result(workflowId)).rejects.toThrow();
    expect((await harness.engine.describe(workflowId)).status).toBe('CANCELLED');
  });

  embeddedOnly('fails a run loudly when its code diverges from its journal', async () => {
    await harness.restart({ ...testWorkflows, divergingWorkflow: testWorkflows.divergingWorkflowV1 });
    const workflowId = id('diverging');
    await harness.engine.start('divergingWorkflow', {
      workflowId,
      taskQueue: TEST_TASK_QUEUE,
      args: [],
      tenantId: null,
    });
    await eventually(async () =>
      (await harness.journal(workflowId)).some((event) => event.kind === 'ActivityCompleted'),
    );
    await harness.restart({ ...testWorkflows, divergingWorkflow: testWorkflows.divergingWorkflowV2 });
    const chain = await failureChain(harness.engine.result(workflowId));
    expect(chain[0]).toMatchObject({ type: DIVERGENCE_FAILURE_TYPE });
    expect(chain[0]!.message).toContain('command 1 is activity greet now, the journal holds activity step');
    expect(runsOf(workflowId).map((run) => run.activity)).toEqual(['step:v1']);
    expect(harness.logger.errors.map((entry) => entry.message)).toContain('workflow diverged from its journal');
    harness.logger.errors.length = 0;
    await harness.restart();
  });
});
