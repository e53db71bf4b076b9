import { testBackends } from '@mam/db/testing';
import { createWorkflowRepository } from '@mam/db';
import { eventually, restartableRuntime } from '../testing/test-harness';
import type { ArchiveActivities, RestoreInput } from './archive.activities.types';
import { ARCHIVE_TASK_QUEUE, archiveWorkflowId } from './archive.workflow';

/**
 * A restore waits for its cold copy on durable timers: servers restarted (any number of times) while it waits
 * resume the wait, and the media is copied back once, never before the cold location says it is readable.
 */
describe.each(testBackends)('the restore workflow across restarts on %s', (backend) => {
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

  const runtime = restartableRuntime(backend, { activities, taskQueues: { [ARCHIVE_TASK_QUEUE]: 1 } });
  const startRuntime = runtime.restart;

  it('copies back once after two restarts while it waits', async () => {
    let engine = await startRuntime();
    const repo = createWorkflowRepository(runtime.db());
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
