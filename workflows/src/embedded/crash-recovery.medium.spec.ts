import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorkflowRepository, openPglite, openPostgres, type DatabaseHandle } from '@mam/db';
import { sql } from 'drizzle-orm';
import type { TActivityRun } from '../testing/test-activities';
import type { TCrashChildConfig } from '../testing/crash-child';

const childScript = path.join(__dirname, '../testing/crash-child.ts');
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SLOW_MS = 1500;
const SLEEP_MS = 1500;

interface Child {
  process: ChildProcess;
  lines: string[];
  stderr: string[];
  waitFor(predicate: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

function startChild(config: TCrashChildConfig): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, JSON.stringify(config)], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const stderr: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  return {
    process: child,
    lines,
    stderr,
    exited,
    async waitFor(predicate, what, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (done && !predicate()) throw new Error(`child exited before ${what}:\n${stderr.join('')}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${stderr.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

async function kill(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
}

function readRuns(file: string): TActivityRun[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TActivityRun);
}

interface TBackendSetup {
  config: Pick<TCrashChildConfig, 'pgliteDir' | 'postgresUrl'>;
  /** Opens the data for the assertions, once no child runs any more. */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/**
 * Creating an on-disk PGlite directory runs initdb (seconds); a migrated template is kept in the temp directory,
 * keyed by the migrations and the PGlite version, and copied for each run.
 */
async function pgliteTemplate(): Promise<string> {
  const root = path.resolve(__dirname, '../../..');
  const migrations = path.join(root, 'db/migrations');
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrations, file)));
  }
  const template = path.join(tmpdir(), `mam-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(template)) return template;
  const building = mkdtempSync(`${template}-building-`);
  const handle = await openPglite(building);
  await handle.migrate();
  await handle.close();
  try {
    renameSync(building, template);
  } catch {
    // Another test process made it first.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

async function onDiskPglite(dir: string): Promise<TBackendSetup> {
  const pgliteDir = path.join(dir, 'data');
  cpSync(await pgliteTemplate(), pgliteDir, { recursive: true });
  return {
    config: { pgliteDir },
    open: () => openPglite(pgliteDir),
    dispose: async () => undefined,
  };
}

async function freshPostgres(): Promise<TBackendSetup> {
  const name = `mam_crash_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { postgresUrl: url.toString() },
    open: () => openPostgres(url.toString(), 2),
    dispose: async () => {
      const cleanup = await openPostgres(adminUrl, 1);
      await cleanup.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await cleanup.close();
    },
  };
}

describe.each([
  ['an on-disk PGlite directory', onDiskPglite],
  ['a PostgreSQL database', async () => freshPostgres()],
] as const)('a runtime process SIGKILLed on %s', (_name, setUp) => {
  let dir: string;
  let backend: TBackendSetup;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mam-workflow-crash-'));
    backend = await setUp(dir);
  });
  afterAll(async () => {
    await backend?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resumes a run killed mid-activity and one killed mid-timer: both complete, no completed activity reruns', async () => {
    const runsFile = path.join(dir, 'runs.jsonl');
    const midActivity = 'crash:item-1:transcode';
    const midTimer = 'crash:item-2:transcode';
    const config: TCrashChildConfig = {
      ...backend.config,
      runsFile,
      workflows: [
        { workflowId: midActivity, slowMs: SLOW_MS, sleepMs: 100 },
        { workflowId: midTimer, slowMs: 50, sleepMs: SLEEP_MS },
      ],
    };
    const runs = (workflowId: string) =>
      readRuns(runsFile)
        .filter((run) => run.workflowId === workflowId)
        .map((run) => `${run.activity} ${run.event} ${run.attempt}`);

    // 1: killed while one run's slow activity runs and the other's durable timer waits.
    const first = startChild(config);
    await first.waitFor(
      () =>
        runs(midActivity).includes('slowStep start 1') &&
        first.lines.some((line) => line.startsWith(`journal ${midTimer} `) && line.endsWith(' TimerStarted')),
      'one run mid-activity and the other mid-timer',
    );
    await kill(first);
    expect(runs(midActivity)).not.toContain('slowStep end 1');
    expect(first.lines.some((line) => line.endsWith(' TimerFired'))).toBe(false);

    // 2: runs the interrupted activity again, fires the timer when it was due, and completes both.
    const second = startChild(config);
    await second.waitFor(() => second.lines.filter((line) => line.startsWith('result ')).length === 2, 'the results');
    expect(await second.exited).toBe(0);
    expect(second.lines.filter((line) => line.startsWith('result '))).toEqual([
      `result ${midActivity} ["one","slow","three"]`,
      `result ${midTimer} ["one","slow","three"]`,
    ]);

    expect(runs(midActivity)).toEqual([
      'step:one start 1',
      'slowStep start 1',
      'slowStep start 2',
      'slowStep end 2',
      'step:three start 1',
    ]);
    expect(runs(midTimer)).toEqual(['step:one start 1', 'slowStep start 1', 'slowStep end 1', 'step:three start 1']);

    const handle = await backend.open();
    try {
      const repo = createWorkflowRepository(handle.db);
      for (const workflowId of [midActivity, midTimer]) {
        const journal = await repo.listEvents(workflowId);
        expect(journal.map((event) => [event.kind, event.commandSeq])).toEqual([
          ['WorkflowStarted', null],
          ['ActivityScheduled', 1],
          ['ActivityCompleted', 1],
          ['ActivityScheduled', 2],
          ['ActivityCompleted', 2],
          ['TimerStarted', 3],
          ['TimerFired', 3],
          ['ActivityScheduled', 4],
          ['ActivityCompleted', 4],
          ['WorkflowCompleted', null],
        ]);
        expect(await repo.findExecution(workflowId)).toMatchObject({
          status: 'COMPLETED',
          result: { value: ['one', 'slow', 'three'] },
        });
      }
      const interrupted = await repo.listEvents(midActivity);
      expect(interrupted[4]!.payload).toMatchObject({ activityType: 'slowStep', attempt: 2 });
      // The timer kept its due time across the crash: it fired no earlier than it was set for.
      const timed = await repo.listEvents(midTimer);
      expect(timed[6]!.createdAt.getTime() - timed[5]!.createdAt.getTime()).toBeGreaterThanOrEqual(SLEEP_MS - 5);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
