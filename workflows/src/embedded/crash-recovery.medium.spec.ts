import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

async function onDiskPglite(dir: string): Promise<TBackendSetup> {
  const pgliteDir = path.join(dir, 'data');
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

  it('resumes mid-activity and mid-timer: completes, never reruns a completed activity', async () => {
    const runsFile = path.join(dir, 'runs.jsonl');
    const config: TCrashChildConfig = {
      ...backend.config,
      runsFile,
      workflowId: 'crash:item-1:transcode',
      slowMs: SLOW_MS,
      sleepMs: SLEEP_MS,
    };
    const slowStarts = () => readRuns(runsFile).filter((run) => run.activity === 'slowStep' && run.event === 'start');

    // 1: killed while the slow activity runs.
    const first = startChild(config);
    await first.waitFor(() => slowStarts().length === 1, 'the slow activity to start', 60_000);
    await kill(first);
    expect(readRuns(runsFile).some((run) => run.activity === 'slowStep' && run.event === 'end')).toBe(false);

    // 2: runs the interrupted activity again, then is killed while the durable timer waits.
    const second = startChild(config);
    await second.waitFor(() => second.lines.some((line) => line.endsWith(' TimerStarted')), 'the timer to start');
    await kill(second);
    expect(second.lines.some((line) => line.endsWith(' TimerFired'))).toBe(false);

    // 3: the timer fires when it was due, and the run completes.
    const third = startChild(config);
    await third.waitFor(() => third.lines.some((line) => line.startsWith('result ')), 'the result');
    expect(await third.exited).toBe(0);
    expect(third.lines.find((line) => line.startsWith('result '))).toBe('result ["one","slow","three"]');

    const runs = readRuns(runsFile).map((run) => `${run.activity} ${run.event} ${run.attempt}`);
    expect(runs).toEqual([
      'step:one start 1',
      'slowStep start 1',
      'slowStep start 2',
      'slowStep end 2',
      'step:three start 1',
    ]);

    const handle = await backend.open();
    try {
      const journal = await createWorkflowRepository(handle.db).listEvents(config.workflowId);
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
      expect(journal[4]!.payload).toMatchObject({ activityType: 'slowStep', attempt: 2 });
      const started = journal[5]!.createdAt.getTime();
      const fired = journal[6]!.createdAt.getTime();
      expect(fired - started).toBeGreaterThanOrEqual(SLEEP_MS - 5);
      const execution = await createWorkflowRepository(handle.db).findExecution(config.workflowId);
      expect(execution).toMatchObject({ status: 'COMPLETED', result: { value: ['one', 'slow', 'three'] } });
    } finally {
      await handle.close();
    }
    // Three process starts; the first creates the PGlite directory.
  }, 120_000);
});
