import { createTestDatabase, testBackends, type TestDatabase } from '@mam/db/testing';
import { createWorkflowRepository } from '@mam/db';
import { createWorkflowRuntime, type WorkflowRuntime } from '../create-workflow-runtime';
import { eventually, testLogger, toleratePoolShutdown } from '../testing/test-harness';
import type { ArchiveActivities, RestoreInput } from './archive.activities.types';
import { ARCHIVE_TASK_QUEUE, archiveWorkflowId } from './archive.workflow';

/**
 * A restore waits for its cold copy on durable timers: servers restarted (any number of times) while it waits
 * resume the wait, and the media is copied back once, never before the cold location says it is readable.
 */
describe.each(testBackends)('the restore workflow across restarts on %s', (backend) => {
  let database: TestDatabase;
  let runtime: WorkflowRuntime | undefined;
  // The cold location as the activities see it: readable from `readyAt` on.
  let readyAt = 0;
  const calls: string[] = [];
  const copies: number[] = [];
  const check = () => {
    const ready = Date.now() >= readyAt;
    return { ready, waitMs: ready ? 0 : Math.max(50, readyAt - Date.now()) };
  };
  const activities: ArchiveActivities = {
    planArchiveTransfer: async () => {
      calls.push('plan');
      return { versionIds: ['v1'] };
    },
    requestColdRestore: async () => {
      calls.push('request');
      return check();
    },
    checkColdRestore: async () => {
      calls.push('check');
      return check();
    },
    transferArchiveFile: async () => {
      if (Date.now() < readyAt) {
        calls.push('early copy');
        throw new Error('The cold copy is not readable yet');
      }
      copies.push(Date.now());
    },
    completeArchiveTransfer: async () => {
      calls.push('complete');
    },
    failArchiveTransfer: async () => {
      calls.push('fail');
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    toleratePoolShutdown(database);
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
    await database?.dispose();
  });

  async function startRuntime() {
    await runtime?.stop();
    runtime = createWorkflowRuntime({
      db: database.db,
      logger: testLogger(),
      activities,
      taskQueues: { [ARCHIVE_TASK_QUEUE]: 1 },
      embedded: { pollIntervalMs: 50 },
    });
    await runtime.start();
    return runtime.engine;
  }

  it('copies back once after two restarts while it waits', async () => {
    let engine = await startRuntime();
    const repo = createWorkflowRepository(database.db);
    const workflowId = archiveWorkflowId('t1', 'item-1');
    readyAt = Date.now() + 2_500;
    const input: RestoreInput = {
      tenantId: 't1',
      itemId: 'item-1',
      storageId: 'online',
      userId: null,
      tier: 'express',
    };
    await engine.start('restoreWorkflow', { workflowId, taskQueue: ARCHIVE_TASK_QUEUE, args: [input], tenantId: null });
    await eventually(async () => (await repo.listEvents(workflowId)).some((event) => event.kind === 'TimerStarted'));
    engine = await startRuntime();
    engine = await startRuntime();
    await engine.result(workflowId);
    expect(copies).toHaveLength(1);
    expect(copies[0]!).toBeGreaterThanOrEqual(readyAt);
    // Asked once; checked after the timer, as often as it took, then copied and completed once.
    expect(calls[0]).toBe('plan');
    expect(calls.filter((c) => c === 'request')).toEqual(['request']);
    expect(calls.filter((c) => c === 'check').length).toBeGreaterThanOrEqual(1);
    expect(calls.filter((c) => c === 'complete')).toEqual(['complete']);
    expect(calls).not.toContain('fail');
    expect(calls).not.toContain('early copy');
  }, 60_000);
});
