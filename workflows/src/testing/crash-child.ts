/**
 * A runtime process for the crash specs: runs the test workflows on an on-disk PGlite directory or a PostgreSQL
 * database until the crash workflow completes, printing each new journal event (`journal <seq> <kind>`) and the
 * result (`result <json>`). The spec SIGKILLs it mid-activity and mid-timer and starts another on the same data.
 * Activity runs are appended to a file, since the processes that ran them are gone.
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
  workflowId: string;
  slowMs: number;
  sleepMs: number;
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
  const exists = await runtime.engine.describe(config.workflowId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    },
  );
  if (!exists) {
    await runtime.engine.start('crashWorkflow', {
      workflowId: config.workflowId,
      taskQueue: 'test',
      args: [{ slowMs: config.slowMs, sleepMs: config.sleepMs }],
      tenantId: null,
    });
  }
  const repo = createWorkflowRepository(handle.db);
  let seen = 0;
  const printJournal = async () => {
    for (const event of await repo.listEvents(config.workflowId, seen)) {
      process.stdout.write(`journal ${event.seq} ${event.kind}\n`);
      seen = event.seq;
    }
  };
  const watcher = setInterval(() => void printJournal(), 20);
  const result = await runtime.engine.result(config.workflowId);
  clearInterval(watcher);
  await printJournal();
  process.stdout.write(`result ${JSON.stringify(result)}\n`);
  await runtime.stop();
  await handle.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`crash child failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
