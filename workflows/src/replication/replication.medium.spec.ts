import { createWorkflowRepository } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import { eventually, restartableRuntime } from '../testing/test-harness';
import type { ReplicationActivities } from './replication.activities.types';
import {
  REPLICATION_FIRST_WAIT_MS,
  REPLICATION_TASK_QUEUE,
  replicationChangedSignal,
  replicationWorkflowId,
} from './replication.workflow';

/**
 * The replication run is durable: restarted while shards copy, it carries on with the backlog and every version is
 * recorded copied once; between rounds it sleeps on a durable timer that a change of the setting cuts short, and a
 * disabled setting ends it.
 */
describe.each(testBackends)('the replication workflow on %s', (backend) => {
  // The source's versions, those recorded copied (with how often), and the setting as the activities read it.
  const backlog: string[] = [];
  const copies = new Map<string, number>();
  const setting = { enabled: true, shardCount: 2 };
  let running = 0;
  let mostAtOnce = 0;
  const activities: ReplicationActivities = {
    planReplicationRound: async () => {
      if (!setting.enabled) return null;
      const pending = backlog.filter((id) => !copies.has(id)).slice(0, 4);
      const shards: string[][] = Array.from({ length: Math.min(setting.shardCount, pending.length) }, () => []);
      pending.forEach((id, index) => shards[index % shards.length]!.push(id));
      return { shards, more: pending.length === 4 };
    },
    replicateShard: async ({ versionIds }) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      let copied = 0;
      try {
        for (const id of versionIds) {
          if (copies.has(id)) continue;
          await new Promise((resolve) => setTimeout(resolve, 150));
          copies.set(id, (copies.get(id) ?? 0) + 1);
          copied += 1;
        }
      } finally {
        running -= 1;
      }
      return { copied, failed: 0 };
    },
    finishReplicationRound: async () => undefined,
  };

  const runtime = restartableRuntime(backend, { activities, taskQueues: { [REPLICATION_TASK_QUEUE]: 4 } });
  const startRuntime = runtime.restart;

  it('carries on with the backlog after restarts, shards side by side, each version copied once', async () => {
    let engine = await startRuntime();
    const repo = createWorkflowRepository(runtime.db());
    backlog.push(...Array.from({ length: 10 }, (_, i) => `v${i}`));
    const workflowId = replicationWorkflowId('t1', 's1');
    await engine.start('replicationWorkflow', {
      workflowId,
      taskQueue: REPLICATION_TASK_QUEUE,
      args: [{ tenantId: 't1', settingId: 's1' }],
      tenantId: null,
    });
    await eventually(() => copies.size >= 1);
    engine = await startRuntime();
    await eventually(() => copies.size >= 5);
    engine = await startRuntime();
    await eventually(() => copies.size === 10, 30_000);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    expect(mostAtOnce).toBe(2);
    // Caught up: the run waits on its timer.
    await eventually(async () => (await repo.listEvents(workflowId)).some((event) => event.kind === 'TimerStarted'));
    expect((await engine.describe(workflowId)).status).toBe('RUNNING');
  }, 60_000);

  it('is woken by a change of the setting and ends when the setting is disabled', async () => {
    const engine = runtime.engine();
    const workflowId = replicationWorkflowId('t1', 's1');
    backlog.push('v10');
    const signalledAt = Date.now();
    await engine.signal(workflowId, replicationChangedSignal);
    await eventually(() => copies.has('v10'));
    expect(Date.now() - signalledAt).toBeLessThan(REPLICATION_FIRST_WAIT_MS);
    setting.enabled = false;
    await engine.signal(workflowId, replicationChangedSignal);
    expect(await engine.result(workflowId)).toBe('stopped');
    expect(copies.get('v10')).toBe(1);
  }, 60_000);
});
