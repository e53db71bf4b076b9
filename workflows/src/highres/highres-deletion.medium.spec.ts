import { createWorkflowRepository } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import { eventually, restartableRuntime } from '../testing/test-harness';
import type { HighresDeletionActivities } from './highres-deletion.activities.types';
import { HIGHRES_DELETION_TASK_QUEUE, highresDeletionWorkflowId } from './highres-deletion.workflow';

/**
 * The deletion timer is durable: a server restarted (any number of times) while a run waits resumes the wait and
 * deletes once when it is due, never twice and never early.
 */
describe.each(testBackends)('the high-res deletion workflow across restarts on %s', (backend) => {
  // The schedule as the activities see it, and every deletion they made with the time it happened.
  let dueAt = 0;
  const deletions: Array<{ itemId: string; at: number }> = [];
  const activities: HighresDeletionActivities = {
    planHighresDeletion: async () => ({ at: new Date(dueAt).toISOString(), waitMs: Math.max(0, dueAt - Date.now()) }),
    deleteHighres: async ({ itemId, at }) => {
      if (new Date(at).getTime() !== dueAt || Date.now() < dueAt) return false;
      deletions.push({ itemId, at: Date.now() });
      return true;
    },
  };

  const runtime = restartableRuntime(backend, { activities, taskQueues: { [HIGHRES_DELETION_TASK_QUEUE]: 1 } });
  const startRuntime = runtime.restart;

  it('fires once after two restarts while the timer waits', async () => {
    let engine = await startRuntime();
    const repo = createWorkflowRepository(runtime.db());
    const workflowId = highresDeletionWorkflowId('t1', 'item-1');
    dueAt = Date.now() + 2_500;
    await engine.start('highresDeletionWorkflow', {
      workflowId,
      taskQueue: HIGHRES_DELETION_TASK_QUEUE,
      args: [{ tenantId: 't1', itemId: 'item-1' }],
      tenantId: null,
    });
    await eventually(async () => (await repo.listEvents(workflowId)).some((event) => event.kind === 'TimerStarted'));
    engine = await startRuntime();
    engine = await startRuntime();
    expect(await engine.result(workflowId)).toBe('deleted');
    expect(deletions).toEqual([{ itemId: 'item-1', at: expect.any(Number) }]);
    expect(deletions[0]!.at).toBeGreaterThanOrEqual(dueAt);
    const kinds = (await repo.listEvents(workflowId)).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'TimerFired')).toHaveLength(1);
    // Restarted once more after it ended: nothing runs again.
    engine = await startRuntime();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deletions).toHaveLength(1);
  }, 60_000);
});
