import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createWorkflowRepository, type TWorkflowEventRow } from '@mam/db';
import { createTestDatabase, testBackends, type TestDatabase, type TTestBackend } from '@mam/db/testing';
import { createWorkflowRuntime, type TWorkflowRuntimeOptions, type WorkflowRuntime } from '../create-workflow-runtime';
import type { WorkflowEngine } from '../engine';
import type { TWorkflowLogger } from '../logger';
import { createTestActivities, memoryRecorder, type TActivityRun } from './test-activities';
import * as testWorkflows from './test-workflows';

export const TEST_TASK_QUEUE = 'test';

/** Quiet unless something goes wrong; errors are kept so specs can assert on them. */
export function testLogger(): TWorkflowLogger & { errors: Array<{ object: unknown; message: string }> } {
  const errors: Array<{ object: unknown; message: string }> = [];
  return {
    errors,
    info: () => undefined,
    warn: () => undefined,
    error: (object, message) => {
      if (process.env.DEBUG_WORKFLOW_ERRORS)
        console.error(message, (object.err as { cause?: unknown })?.cause ?? object.err);
      errors.push({ object, message });
    },
  };
}

/** One way of running the test workflows: the embedded runtime on a back end, or a Temporal server. */
export interface WorkflowHarness {
  name: string;
  embedded: boolean;
  engine: WorkflowEngine;
  database: TestDatabase;
  runs: TActivityRun[];
  logger: ReturnType<typeof testLogger>;
  /** The journal of a run (embedded only). */
  journal(workflowId: string): Promise<TWorkflowEventRow[]>;
  /** Stops the runtime and starts a new one on the same database, optionally with other workflow code. */
  restart(workflows?: Record<string, unknown>): Promise<void>;
  dispose(): Promise<void>;
}

export type THarnessKind = { kind: 'embedded'; backend: TTestBackend } | { kind: 'temporal'; address: string };

/**
 * Test databases on the PostgreSQL server are dropped WITH (FORCE) right after their pool ends; a pooled
 * connection still closing then hears the server's "terminating connection" and its pool emits 'error', which
 * unheard would end the test process. Heard here.
 */
export function toleratePoolShutdown(database: TestDatabase): void {
  const pool = (database.db as unknown as { $client?: { on?: (event: 'error', listener: () => void) => void } })
    .$client;
  if (database.kind === 'postgres') pool?.on?.('error', () => undefined);
}

export async function createHarness(kind: THarnessKind): Promise<WorkflowHarness> {
  const database = await createTestDatabase(kind.kind === 'embedded' ? kind.backend : 'pglite');
  toleratePoolShutdown(database);
  const recorder = memoryRecorder();
  const activities = createTestActivities(recorder);
  const logger = testLogger();
  const repo = createWorkflowRepository(database.db);
  const build = (workflows: Record<string, unknown>): WorkflowRuntime =>
    createWorkflowRuntime({
      db: database.db,
      temporalAddress: kind.kind === 'temporal' ? kind.address : undefined,
      workflows,
      workflowsPath: path.join(__dirname, 'test-workflows.ts'),
      activities,
      taskQueues: { [TEST_TASK_QUEUE]: 4, limited: 2 },
      logger,
      // Short leases and polls keep recovery on the PostgreSQL server (not exclusive) within test time.
      embedded: { pollIntervalMs: 100, leaseMs: 2000 },
    });
  let runtime = build(testWorkflows);
  await runtime.start();
  const harness: WorkflowHarness = {
    name: kind.kind === 'embedded' ? `embedded runtime on ${kind.backend}` : `Temporal at ${kind.address}`,
    embedded: kind.kind === 'embedded',
    engine: runtime.engine,
    database,
    runs: recorder.runs,
    logger,
    journal: (workflowId) => repo.listEvents(workflowId),
    async restart(workflows = testWorkflows) {
      await runtime.stop();
      runtime = build(workflows);
      await runtime.start();
      harness.engine = runtime.engine;
    },
    async dispose() {
      await runtime.stop();
      await database.dispose();
    },
  };
  return harness;
}

/**
 * A Temporal server to run the suite against: TEMPORAL_ADDRESS when something listens there. Checked
 * synchronously (in a child process) because test suites are declared synchronously.
 */
export function reachableTemporal(): { address: string } | { reason: string } {
  const address = process.env.TEMPORAL_ADDRESS;
  if (!address) return { reason: 'TEMPORAL_ADDRESS is not set' };
  const [host, port] = address.split(':');
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const s=require('net').connect(${Number(port ?? 7233)},${JSON.stringify(host || '127.0.0.1')});` +
        `s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000);`,
    ],
    { timeout: 5000 },
  );
  return probe.status === 0 ? { address } : { reason: `nothing listens at TEMPORAL_ADDRESS=${address}` };
}

/**
 * Every way of running a suite here: the embedded runtime on each test database, and Temporal when one is reachable
 * (TEMPORAL_ADDRESS). `suite` names what is skipped otherwise.
 */
export function harnessKinds(suite: string): Array<[string, THarnessKind]> {
  const temporal = reachableTemporal();
  const kinds: Array<[string, THarnessKind]> = testBackends.map((backend) => [
    `embedded runtime on ${backend}`,
    { kind: 'embedded', backend },
  ]);
  if ('address' in temporal) kinds.push([`Temporal at ${temporal.address}`, { kind: 'temporal', ...temporal }]);
  else console.log(`${suite} on Temporal skipped: ${temporal.reason}.`);
  return kinds;
}

/** Polls until `check` returns something truthy. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type TRuntimeChoice = Pick<TWorkflowRuntimeOptions, 'workflows' | 'activities' | 'taskQueues'>;

/**
 * A product workflow's runtime over a fresh database of `backend` that a test stops and starts again, as a server
 * restart does (the previous runtime stops first: it would claim runs it cannot run), with the given activities or
 * others per start. Registers its own set-up and tear-down.
 */
export function restartableRuntime(
  backend: TTestBackend,
  options: TRuntimeChoice = { activities: {}, taskQueues: {} },
) {
  let database: TestDatabase;
  let runtime: WorkflowRuntime | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    toleratePoolShutdown(database);
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
    await database?.dispose();
  });
  return {
    db: () => database.db,
    engine: () => runtime!.engine,
    async restart(choice: TRuntimeChoice = options): Promise<WorkflowEngine> {
      await runtime?.stop();
      runtime = createWorkflowRuntime({
        db: database.db,
        logger: testLogger(),
        embedded: { pollIntervalMs: 50 },
        ...choice,
      });
      await runtime.start();
      return runtime.engine;
    },
  };
}
