import { createTestDatabase, type TestDatabase } from '@mam/db/testing';
import { createTestActivities, memoryRecorder } from '../testing/test-activities';
import { testLogger, TEST_TASK_QUEUE, toleratePoolShutdown } from '../testing/test-harness';
import * as testWorkflows from '../testing/test-workflows';
import { EmbeddedWorkflowRuntime } from './embedded-runtime';
import type { TWorkflowFunction } from './workflow-instance';

/**
 * Two runtime processes on one PostgreSQL server (two runtimes with their own identities stand in for them): one
 * only drives workflows, the other also works the task queue. Polling is slowed to 20 s, so the runs complete in
 * time only if LISTEN/NOTIFY carries the news between them; leases and SKIP LOCKED keep each step done once.
 */
describe('embedded runtimes sharing a PostgreSQL database', () => {
  let database: TestDatabase;
  const runtimes: EmbeddedWorkflowRuntime[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    toleratePoolShutdown(database);
  });
  afterAll(async () => {
    for (const runtime of runtimes) await runtime.stop();
    await database.dispose();
  });

  it('share the work, woken by notifications, running every activity once', async () => {
    const recorder = memoryRecorder();
    const logger = testLogger();
    const create = (taskQueues: Record<string, number>) =>
      new EmbeddedWorkflowRuntime({
        db: database.db,
        workflows: testWorkflows as unknown as Record<string, TWorkflowFunction>,
        activities: createTestActivities(recorder),
        taskQueues,
        logger,
        exclusive: false,
        pollIntervalMs: 20_000,
      });
    const driver = create({});
    const worker = create({ [TEST_TASK_QUEUE]: 2 });
    runtimes.push(driver, worker);
    await driver.start();
    await worker.start();

    const started = Date.now();
    const ids = Array.from({ length: 5 }, (_, index) => `shared:${index}`);
    for (const [index, workflowId] of ids.entries()) {
      await driver.engine.start('greetWorkflow', {
        workflowId,
        taskQueue: TEST_TASK_QUEUE,
        args: [`n${index}`],
        tenantId: null,
      });
    }
    const results = await Promise.all(ids.map((workflowId) => worker.engine.result(workflowId)));
    expect(results).toEqual(['HELLO, N0', 'HELLO, N1', 'HELLO, N2', 'HELLO, N3', 'HELLO, N4']);
    expect(Date.now() - started).toBeLessThan(15_000);
    for (const workflowId of ids) {
      expect(recorder.runs.filter((run) => run.workflowId === workflowId).map((run) => run.activity)).toEqual([
        'greet',
        'shout',
      ]);
    }
    expect(logger.errors).toEqual([]);
  });
});
