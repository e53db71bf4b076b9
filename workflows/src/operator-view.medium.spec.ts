import { randomUUID } from 'node:crypto';
import { createRepositories } from '@mam/db';
import { WorkflowNotFoundError } from '@temporalio/common';
import { summariseActivities } from './activity-summary';
import type { TWorkflowHistoryEvent } from './engine';
import { createHarness, eventually, harnessKinds, TEST_TASK_QUEUE, type WorkflowHarness } from './testing/test-harness';
import type * as testWorkflows from './testing/test-workflows';

const kinds = harnessKinds("Operators' view of workflows");

/** What operators see of runs (Background Jobs): filtered pages and readable histories, the same on both runtimes. */
describe.each(kinds)("operators' view of workflows on the %s", (_name, kind) => {
  let harness: WorkflowHarness;
  let alpha: string;
  let bravo: string;
  const start = (type: keyof typeof testWorkflows, args: unknown[], tenantId: string | null = null) => {
    const workflowId = `ops:${type}:${randomUUID().slice(0, 8)}`;
    return harness.engine
      .start(type, { workflowId, taskQueue: TEST_TASK_QUEUE, args, tenantId })
      .then(() => workflowId);
  };
  const closed = (workflowId: string) =>
    eventually(async () => (await harness.engine.describe(workflowId)).status !== 'RUNNING');
  const kindsOf = (events: TWorkflowHistoryEvent[]) => events.map((event) => event.kind);

  beforeAll(async () => {
    harness = await createHarness(kind);
    const repos = createRepositories(harness.database.db);
    const suffix = randomUUID().slice(0, 6);
    alpha = (await repos.tenants.insert({ slug: `ops-a-${suffix}`, name: 'Alpha', config: {} })).id;
    bravo = (await repos.tenants.insert({ slug: `ops-b-${suffix}`, name: 'Bravo', config: {} })).id;
  });
  afterAll(() => harness.dispose());

  it('pages through a tenant’s runs newest first, without losing or repeating one, and filters them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await start('greetWorkflow', [`n${i}`], alpha));
      // Distinct start times, so "newest first" has one answer.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const other = await start('greetWorkflow', ['other'], bravo);
    for (const id of [...ids, other]) await closed(id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await harness.engine.listPage({ tenant: { id: alpha }, limit: 2, cursor });
      expect(page.workflows.length).toBeLessThanOrEqual(2);
      seen.push(...page.workflows.map((run) => run.workflowId));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...ids].reverse());
    const everyone = await harness.engine.listPage({ tenant: 'any', limit: 100 });
    expect(everyone.workflows.map((run) => run.workflowId)).toEqual(expect.arrayContaining([...ids, other]));
    const bravos = await harness.engine.listPage({ tenant: { id: bravo }, limit: 100 });
    expect(bravos.workflows).toEqual([
      expect.objectContaining({ workflowId: other, tenantId: bravo, type: 'greetWorkflow', status: 'COMPLETED' }),
    ]);
    const filter = { tenant: { id: alpha }, limit: 100 } as const;
    expect((await harness.engine.listPage({ ...filter, statuses: ['FAILED'] })).workflows).toEqual([]);
    expect((await harness.engine.listPage({ ...filter, types: ['sleepyWorkflow'] })).workflows).toEqual([]);
    expect((await harness.engine.listPage({ ...filter, types: ['greetWorkflow'] })).workflows).toHaveLength(5);
    const future = new Date(Date.now() + 60_000);
    expect((await harness.engine.listPage({ ...filter, startedFrom: future })).workflows).toEqual([]);
    expect((await harness.engine.listPage({ ...filter, startedTo: future })).workflows).toHaveLength(5);
  });

  it('tells retries: the attempt that completed an activity, and the input a retry starts again with', async () => {
    const workflowId = await start('flakyWorkflow', [2], alpha);
    await closed(workflowId);
    const history = await harness.engine.history(workflowId);
    expect(history).toMatchObject({ workflowId, type: 'flakyWorkflow', status: 'COMPLETED', tenantId: alpha });
    expect(history.input).toEqual([2]);
    expect(kindsOf(history.events)).toContain('ActivityCompleted');
    const [activity] = summariseActivities(history.events, []);
    expect(activity).toMatchObject({ activityType: 'flaky', state: 'COMPLETED', attempts: 3 });
  });

  it('tells signals, timers, cancellation and failures apart', async () => {
    const approval = await start('approvalWorkflow', [60_000]);
    await eventually(async () => kindsOf((await harness.engine.history(approval)).events).includes('TimerStarted'));
    await harness.engine.signal(approval, 'approve', 'Kari');
    await closed(approval);
    const signalled = (await harness.engine.history(approval)).events;
    expect(signalled.find((event) => event.kind === 'TimerStarted')).toMatchObject({ timerMs: 60_000 });
    expect(signalled.find((event) => event.kind === 'SignalReceived')).toMatchObject({ signalName: 'approve' });

    const sleepy = await start('sleepyWorkflow', []);
    await eventually(async () => kindsOf((await harness.engine.history(sleepy)).events).includes('TimerStarted'));
    await harness.engine.cancel(sleepy);
    await closed(sleepy);
    const cancelled = await harness.engine.history(sleepy);
    expect(cancelled.status).toBe('CANCELLED');
    expect(kindsOf(cancelled.events)).toEqual(expect.arrayContaining(['CancelRequested', 'WorkflowCancelled']));

    const failing = await start('failingWorkflow', []);
    await closed(failing);
    const failed = await harness.engine.history(failing);
    expect(failed.events.at(-1)).toMatchObject({
      kind: 'WorkflowFailed',
      failure: { rootMessage: expect.any(String) },
    });

    const ended = await start('sleepyWorkflow', []);
    await harness.engine.terminate(ended, 'operator says so');
    const terminated = await harness.engine.history(ended);
    expect(terminated.status).toBe('TERMINATED');
    expect(terminated.events.at(-1)).toMatchObject({
      kind: 'WorkflowTerminated',
      failure: { rootMessage: 'operator says so' },
    });
  });

  it('does not know an id nobody started', async () => {
    await expect(harness.engine.history(`ops:nobody:${randomUUID()}`)).rejects.toBeInstanceOf(WorkflowNotFoundError);
  });
});
