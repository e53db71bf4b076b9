/**
 * A runtime process for the crash specs: runs crash workflows on an on-disk PGlite directory or a PostgreSQL
 * database until they complete, printing each new journal event (`journal <workflowId> <seq> <kind>`) and each
 * result (`result <workflowId> <json>`). The spec SIGKILLs it while one run is mid-activity and another
 * mid-timer, and starts another process on the same data. Activity runs are appended to a file, since the
 * processes that ran them are gone.
 */
import { createWorkflowRepository, openPglite, openPostgres } from '@mam/db';
import { WorkflowNotFoundError } from '@temporalio/common';
import { createWorkflowRuntime } from '../create-workflow-runtime';
import { createTestActivities, fileRecorder } from './test-activities';
import * as testWorkflows from './test-workflows';

export interface TCrashChildConfig {
  /** An embedded PGlite directory, or a PostgreSQL connection string. */
  pgliteDir?: string;
  postgresUrl?: string;
  runsFile: string;
  workflows: Array<{ workflowId: string; slowMs: number; sleepMs: number }>;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]!) as TCrashChildConfig;
  const handle = config.pgliteDir ? await openPglite(config.pgliteDir) : await openPostgres(config.postgresUrl!, 4);
  await handle.migrate();
  const log = (level: string) => (object: Record<string, unknown>, message: string) =>
    process.stderr.write(
      `${level} ${message} ${JSON.stringify(object, (_key, value: unknown) => (value instanceof Error ? value.stack : value))}\n`,
    );
  const runtime = createWorkflowRuntime({
    db: handle.db,
    workflows: testWorkflows,
    activities: createTestActivities(fileRecorder(config.runsFile)),
    taskQueues: { test: 2 },
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    // On PGlite the runtime is exclusive: it retries the dead process's attempt at start-up, so a lease longer
    // than the test proves it does not wait for it. On the PostgreSQL server the attempt waits out its lease.
    embedded: { pollIntervalMs: 50, leaseMs: config.pgliteDir ? 120_000 : 1000 },
  });
  await runtime.start();
  for (const { workflowId, slowMs, sleepMs } of config.workflows) {
    const exists = await runtime.engine.describe(workflowId).then(
      () => true,
      (error: unknown) => {
        if (error instanceof WorkflowNotFoundError) return false;
        throw error;
      },
    );
    if (!exists) {
      await runtime.engine.start('crashWorkflow', {
        workflowId,
        taskQueue: 'test',
        args: [{ slowMs, sleepMs }],
        tenantId: null,
      });
    }
  }
  const repo = createWorkflowRepository(handle.db);
  const seen = new Map<string, number>();
  const printJournals = async () => {
    for (const { workflowId } of config.workflows) {
      for (const event of await repo.listEvents(workflowId, seen.get(workflowId) ?? 0)) {
        process.stdout.write(`journal ${workflowId} ${event.seq} ${event.kind}\n`);
        seen.set(workflowId, event.seq);
      }
    }
  };
  const watcher = setInterval(() => void printJournals(), 20);
  const results = await Promise.all(config.workflows.map(({ workflowId }) => runtime.engine.result(workflowId)));
  clearInterval(watcher);
  await printJournals();
  for (const [index, { workflowId }] of config.workflows.entries()) {
    process.stdout.write(`result ${workflowId} ${JSON.stringify(results[index])}\n`);
  }
  await runtime.stop();
  await handle.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`crash child failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
