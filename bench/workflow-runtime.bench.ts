/**
 * Embedded workflow runtime figures, each with a baseline measured in the same run:
 *   - 1,000 short workflows (two activities each, one database round trip per activity) started at once:
 *     completed per second, vs. the same activities called directly in a loop
 *   - resuming 100 running workflows after a restart (replay from the journal, each timer fired, one more
 *     activity): total time, vs. 100 new short workflows run to completion on a runtime that kept running
 */
import { openPglite, type Database } from '@mam/db';
import { createWorkflowRuntime, proxyActivities, sleep, type WorkflowRuntime } from '@mam/workflows';
import { sql } from 'drizzle-orm';

const WORKFLOWS = Number(process.env.BENCH_WORKFLOWS ?? 1000);
const RESUMED = 100;
const QUEUE = 'bench';

function benchActivities(db: Database) {
  const roundTrip = async (value: number) => {
    const result = await db.execute<{ value: number }>(sql`select ${value}::int as value`);
    return Number((result as unknown as { rows: Array<{ value: number }> }).rows[0]!.value);
  };
  return {
    async increment(value: number): Promise<number> {
      return (await roundTrip(value)) + 1;
    },
    async double(value: number): Promise<number> {
      return (await roundTrip(value)) * 2;
    },
  };
}

const acts = proxyActivities<ReturnType<typeof benchActivities>>({ startToCloseTimeout: '1 minute' });

async function shortWorkflow(value: number): Promise<number> {
  return acts.double(await acts.increment(value));
}

async function sleepingWorkflow(value: number): Promise<number> {
  const incremented = await acts.increment(value);
  await sleep(1500);
  return acts.double(incremented);
}

const silent = { info: () => undefined, warn: () => undefined, error: console.error };

function runtimeOn(db: Database): WorkflowRuntime {
  return createWorkflowRuntime({
    db,
    workflows: { shortWorkflow, sleepingWorkflow },
    activities: benchActivities(db),
    // Short I/O activities, not CPU-bound ones: more at once than cores.
    taskQueues: { [QUEUE]: 32 },
    logger: silent,
  });
}

const start = (runtime: WorkflowRuntime, type: string, workflowId: string, value: number) =>
  runtime.engine.start(type, { workflowId, taskQueue: QUEUE, args: [value], tenantId: null });

export async function benchWorkflowRuntime(): Promise<string[]> {
  const handle = await openPglite();
  await handle.migrate();
  const { db } = handle;
  const lines: string[] = [];
  try {
    // Baseline: the same activities, called directly one after another.
    const direct = benchActivities(db);
    const directStarted = performance.now();
    for (let i = 0; i < WORKFLOWS; i++) await direct.double(await direct.increment(i));
    const directPerSecond = WORKFLOWS / ((performance.now() - directStarted) / 1000);

    let runtime = runtimeOn(db);
    await runtime.start();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WORKFLOWS }, (_, i) => start(runtime, 'shortWorkflow', `bench:short:${i}`, i)),
    );
    const results = await Promise.all(
      Array.from({ length: WORKFLOWS }, (_, i) => runtime.engine.result<number>(`bench:short:${i}`)),
    );
    const perSecond = WORKFLOWS / ((performance.now() - started) / 1000);
    if (results.some((value, i) => value !== (i + 1) * 2)) throw new Error('a workflow returned a wrong result');
    lines.push(
      `${`workflows completed per second (${WORKFLOWS.toLocaleString('en')} at once)`.padEnd(48)} ${perSecond.toFixed(0).padStart(8)}   ` +
        `${directPerSecond.toFixed(0).padStart(8)}   ${(perSecond / directPerSecond).toFixed(3)}x` +
        '   (baseline: the same two activities called directly in a loop)',
    );

    // Baseline for resuming: the same amount of work, new, on a runtime that keeps running.
    const freshStarted = performance.now();
    await Promise.all(
      Array.from({ length: RESUMED }, (_, i) => start(runtime, 'shortWorkflow', `bench:fresh:${i}`, i)),
    );
    await Promise.all(Array.from({ length: RESUMED }, (_, i) => runtime.engine.result(`bench:fresh:${i}`)));
    const freshMs = performance.now() - freshStarted;

    // Resume: 100 workflows wait on durable timers while the runtime is down; a new one replays and finishes them.
    await Promise.all(
      Array.from({ length: RESUMED }, (_, i) => start(runtime, 'sleepingWorkflow', `bench:resume:${i}`, i)),
    );
    for (;;) {
      const running = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from workflow_event
             where kind = 'TimerStarted' and execution_id like 'bench:resume:%'`,
      );
      if (Number((running as unknown as { rows: Array<{ count: number }> }).rows[0]!.count) === RESUMED) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await runtime.stop();
    await new Promise((resolve) => setTimeout(resolve, 1600));
    runtime = runtimeOn(db);
    const resumeStarted = performance.now();
    await runtime.start();
    await Promise.all(Array.from({ length: RESUMED }, (_, i) => runtime.engine.result(`bench:resume:${i}`)));
    const resumeMs = performance.now() - resumeStarted;
    await runtime.stop();
    lines.push(
      `${'resume 100 running workflows after restart (ms)'.padEnd(48)} ${resumeMs.toFixed(1).padStart(8)}   ` +
        `${freshMs.toFixed(1).padStart(8)}   ${(resumeMs / freshMs).toFixed(2)}x` +
        '   (baseline: 100 new short workflows on a running runtime)',
    );
    return lines;
  } finally {
    await handle.close();
  }
}
