/**
 * Embedded workflow runtime figures, on PGlite and on the PostgreSQL server (a fresh database per run), each with a
 * baseline measured in the same run:
 *   - 1,000 short workflows (two activities each, one database round trip per activity) started at once:
 *     completed per second, vs. the same activities called directly in a loop
 *   - resuming 100 running workflows after a restart (replay from the journal, each timer fired, one more
 *     activity): total time, vs. 100 new short workflows run to completion on a runtime that kept running
 *   - PostgreSQL only: the same 1,000 two-step jobs on pg-boss, a job queue on the same database (step 1 then step 2
 *     as a chained job): the embedded runtime's completions per second over pg-boss's
 */
import { openPglite, type Database, type DatabaseHandle } from '@mam/db';
import { createTestDatabase } from '@mam/db/testing';
import PgBoss from 'pg-boss';
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

const label = (text: string) => text.padEnd(68);

/** The runtime's figures on one database; `perSecond` for the comparison with pg-boss. */
async function benchOn(handle: DatabaseHandle, name: string): Promise<{ lines: string[]; perSecond: number }> {
  const { db } = handle;
  const lines: string[] = [];
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
    `${label(`${name}: workflows completed per second (${WORKFLOWS.toLocaleString('en')} at once)`)} ${perSecond.toFixed(0).padStart(8)}   ` +
      `${directPerSecond.toFixed(0).padStart(8)}   ${(perSecond / directPerSecond).toFixed(3)}x` +
      '   (baseline: the same two activities called directly in a loop)',
  );

  // Baseline for resuming: the same amount of work, new, on a runtime that keeps running.
  const freshStarted = performance.now();
  await Promise.all(Array.from({ length: RESUMED }, (_, i) => start(runtime, 'shortWorkflow', `bench:fresh:${i}`, i)));
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
    `${label(`${name}: resume 100 running workflows after restart (ms)`)} ${resumeMs.toFixed(1).padStart(8)}   ` +
      `${freshMs.toFixed(1).padStart(8)}   ${(resumeMs / freshMs).toFixed(2)}x` +
      '   (baseline: 100 new short workflows on a running runtime)',
  );
  return { lines, perSecond };
}

/**
 * The same 1,000 two-step jobs on pg-boss: step 1 (increment) sends step 2 (double) as a new job, as a job queue
 * chains work. 32 jobs of each step at a time (two workers fetching 16), like the runtime's 32 activity slots;
 * pg-boss polls every 0.5 s at most (its shortest interval) when a queue runs dry.
 */
async function benchPgBoss(handle: DatabaseHandle, url: string): Promise<number> {
  const acts = benchActivities(handle.db);
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 10 });
  let stopping = false;
  // Its pool's connections end with the bench database, dropped right after.
  boss.on('error', (error) => {
    if (!stopping) console.error(`pg-boss: ${error.message}`);
  });
  await boss.start();
  try {
    await boss.createQueue('step1');
    await boss.createQueue('step2');
    const results = new Map<number, number>();
    let allDone!: () => void;
    const done = new Promise<void>((resolve) => (allDone = resolve));
    const options = { batchSize: 16, pollingIntervalSeconds: 0.5 };
    for (let worker = 0; worker < 2; worker++) {
      await boss.work<{ i: number; value: number }>('step1', options, async (jobs) => {
        const next = await Promise.all(
          jobs.map(async ({ data }) => ({ i: data.i, value: await acts.increment(data.value) })),
        );
        await boss.insert(next.map((data) => ({ name: 'step2', data })));
      });
      await boss.work<{ i: number; value: number }>('step2', options, async (jobs) => {
        await Promise.all(
          jobs.map(async ({ data }) => {
            results.set(data.i, await acts.double(data.value));
          }),
        );
        if (results.size === WORKFLOWS) allDone();
      });
    }
    const started = performance.now();
    await boss.insert(Array.from({ length: WORKFLOWS }, (_, i) => ({ name: 'step1', data: { i, value: i } })));
    await done;
    const perSecond = WORKFLOWS / ((performance.now() - started) / 1000);
    for (let i = 0; i < WORKFLOWS; i++) {
      if (results.get(i) !== (i + 1) * 2) throw new Error('a pg-boss job returned a wrong result');
    }
    return perSecond;
  } finally {
    stopping = true;
    await boss.stop({ graceful: false, wait: true });
  }
}

export async function benchWorkflowRuntime(): Promise<string[]> {
  const pglite = await openPglite();
  await pglite.migrate();
  const lines: string[] = [];
  try {
    lines.push(...(await benchOn(pglite, 'PGlite')).lines);
  } finally {
    await pglite.close();
  }
  // The product's pool size on a server.
  const postgres = await createTestDatabase('postgres', 10);
  try {
    const embedded = await benchOn(postgres, 'PostgreSQL');
    lines.push(...embedded.lines);
    const bossPerSecond = await benchPgBoss(postgres, postgres.url!);
    lines.push(
      `${label(`PostgreSQL: workflows vs. pg-boss jobs per second (${WORKFLOWS.toLocaleString('en')} two-step)`)} ` +
        `${embedded.perSecond.toFixed(0).padStart(8)}   ${bossPerSecond.toFixed(0).padStart(8)}   ` +
        `${(embedded.perSecond / bossPerSecond).toFixed(3)}x   (baseline: pg-boss on the same database)`,
    );
  } finally {
    await postgres.dispose();
  }
  return lines;
}
