import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { isUniqueViolation } from './database-errors';
import { openPglite, pgliteSocketPath, type EmbeddedDatabaseHandle } from './database';
import { openPgliteThread } from './pglite-thread';

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

describe('embedded PGlite in a thread of its own', () => {
  let dataDir: string;
  let handle: EmbeddedDatabaseHandle;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mam-pglite-thread-'));
    handle = await openPglite(dataDir, { thread: true });
    await handle.migrate();
    await handle.db.execute(sql`CREATE TABLE thread_probe (id int PRIMARY KEY, at timestamptz, body jsonb)`);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the event loop free while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await handle.db.execute(sql`SELECT pg_sleep(0.3)`);
    clearInterval(timer);
    // On this thread the sleep would hold every timer until it ended (a tick or two at most).
    expect(ticks).toBeGreaterThan(20);
  });

  it('answers with the session settings and the types drizzle expects', async () => {
    await handle.db.execute(sql`INSERT INTO thread_probe VALUES (1, '2026-01-02T03:04:05Z', '{"a":[1,2]}')`);
    const [row] = rowsOf(
      await handle.db.execute(sql`SELECT current_setting('work_mem') AS work_mem, at, body FROM thread_probe`),
    );
    // Timestamps stay text (drizzle's parsers, rebuilt in the thread), JSON arrives parsed.
    expect(row).toEqual({ work_mem: '32MB', at: expect.stringMatching(/^2026-01-02 03:04:05/), body: { a: [1, 2] } });
  });

  it('commits a transaction, and rolls it back when the work throws', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe (id) VALUES (2)`);
      await tx.transaction(async (inner) => inner.execute(sql`INSERT INTO thread_probe (id) VALUES (3)`));
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_probe (id) VALUES (4)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = rowsOf(await handle.db.execute(sql`SELECT id FROM thread_probe ORDER BY id`)).map((row) => row.id);
    expect(ids).toEqual([1, 2, 3]);
  });

  it("keeps others' statements out of an open transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe (id) VALUES (5)`);
      await held;
      await tx.execute(sql`DELETE FROM thread_probe WHERE id = 5`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Starts while the transaction is open: it must neither see its row nor run inside it.
    const outside = handle.db.execute(sql`SELECT count(*)::int AS n FROM thread_probe WHERE id = 5`);
    release();
    await transaction;
    expect(rowsOf(await outside)[0]).toEqual({ n: 0 });
  });

  it('reports database errors with their code and constraint', async () => {
    const error = await handle.db.execute(sql`INSERT INTO thread_probe (id) VALUES (1)`).catch((caught) => caught);
    expect(isUniqueViolation(error, 'thread_probe_pkey')).toBe(true);
  });

  it('serves other processes on the unix socket', async () => {
    const stop = await handle.serveSocket(pgliteSocketPath(dataDir));
    const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM thread_probe');
      expect(rows[0]).toEqual({ n: 3 });
    } finally {
      await client.end();
      await stop();
    }
  });
});

it('tells its owner when the thread dies, and fails its statements from then on', async () => {
  const exits: Error[] = [];
  const thread = await openPgliteThread({ startParams: [], maxHeapMiB: 48, onExit: (error) => exits.push(error) });
  try {
    // Millions of rows as objects: more than the thread's heap may hold, so it dies as out of memory.
    await expect(thread.query("SELECT g, repeat('x', 20) AS t FROM generate_series(1, 3000000) g")).rejects.toThrow(
      'The embedded database',
    );
    expect(exits).toHaveLength(1);
    await expect(thread.query('SELECT 1')).rejects.toThrow('The embedded database');
  } finally {
    await thread.close();
  }
});
