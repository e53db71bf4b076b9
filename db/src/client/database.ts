import { existsSync, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPgliteThread } from './pglite-thread';
import * as schema from '../schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** How this handle reached the database, for logs: never contains a password. */
  description: string;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Found through the package rather than this file's folder: the server runs bundled from dist/.
const migrationsFolder = path.join(path.dirname(require.resolve('@mam/db/package.json')), 'migrations');

/** The unix socket the owning process serves an embedded database on; libpq's naming, so `pg` finds it by dir. */
export function pgliteSocketPath(dataDir: string): string {
  return path.join(dataDir, '.s.PGSQL.5432');
}

export function pgliteDataPath(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/**
 * Every connection's settings. The product's statements are short and latency-bound (a search answers while the user
 * types): parallel workers and JIT compilation cost more to start than they save on them, and a search's matches
 * (tens of thousands of narrow rows) and their grouping need more than the default 4 MB of work memory to stay off
 * disk. Options in DATABASE_URL (`?options=…`) replace these.
 */
const sessionSettings = { jit: 'off', max_parallel_workers_per_gather: '0', work_mem: '32MB' };

/**
 * How many more statements could run at once right now: the pool's idle connections and those it may still open.
 * None for PGlite and for a transaction, whose statements run one after another.
 */
export function spareConnections(db: Database): number {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return 0;
  return pool.idleCount + Math.max(0, (pool.options.max ?? 10) - pool.totalCount);
}

/** How long a pooled connection is kept without use before it is closed. */
const IDLE_CONNECTION_MS = 10 * 60_000;

export async function openPostgres(connectionString: string, poolSize = 10): Promise<DatabaseHandle> {
  // In the startup packet: no round trip, and set before a connection's first query.
  const options = Object.entries(sessionSettings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options,
    // A new connection costs a search tens of milliseconds (its server process plans cold, without the catalogue
    // caches a used one has): measured on the 100,000-item bench, a search after 12 s without one took 63-89 ms
    // against 39-47 ms after 1 s with node-postgres' default 10 s. Connections are kept through the pauses of people
    // searching, and kept alive (TCP keepalive) where a firewall or NAT would drop them idle.
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 60_000,
  });
  // An idle pooled connection the server drops (restart, failover, a test dropping its database) is replaced on the
  // next query; without a listener node-postgres would turn the drop into an uncaught exception.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  const url = new URL(connectionString, 'postgres://localhost');
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL ${url.hostname || 'socket'}${url.pathname}`,
    migrate: () => migrateNodePostgres(drizzleNodePostgres(pool), { migrationsFolder }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

export interface EmbeddedDatabaseHandle extends DatabaseHandle {
  kind: 'pglite';
  /** Serves the embedded database on a unix socket so the CLI and other processes can reach it while we own it. */
  serveSocket(socketPath: string): Promise<() => Promise<void>>;
}

/** PGlite opened on this thread: its own API is at hand (backup and restore read and load it directly). */
export interface InProcessPgliteHandle extends EmbeddedDatabaseHandle {
  pglite: PGlite;
}

// pg_trgm serves wildcard and fuzzy search, btree_gin the tenant-led search indexes; the migrations create the
// extensions, PGlite must have them loadable.
const pgliteExtensions = { pg_trgm, btree_gin };
// initdb's default of 128 MB of shared buffers grew the WebAssembly memory to 200 MB, most of it resident once the
// server had started; with 32 MB it stays at its initial 128 MB (idle server: ~410 -> ~290-330 MB resident), and
// with 16 MB less of it is touched (measured: 48 -> 30 MB of it resident when idle, the server ~20 MB smaller).
// Pages beyond the buffers come from files the kernel caches.
const pgliteStartParams = ['-c', 'shared_buffers=16MB'];
// One session serves every client (socket clients too, whose startup options it ignores).
const pgliteSetup = Object.entries(sessionSettings)
  .map(([name, value]) => `SET ${name} = '${value}';`)
  .join(' ');

export interface OpenPgliteOptions {
  /**
   * Runs PGlite in a worker thread of its own rather than on this event loop, which then stays free for requests
   * while statements run (the server). Its statements still run one at a time.
   */
  thread?: boolean;
  /** With `thread`: the thread ended without close() (crashed); every later statement fails. */
  onThreadExit?(error: Error): void;
}

/** Opens PGlite in `dataDir` (in memory when undefined). Only one process may do this at a time. */
export async function openPglite(
  dataDir?: string,
  options?: OpenPgliteOptions & { thread?: false },
): Promise<InProcessPgliteHandle>;
export async function openPglite(dataDir?: string, options?: OpenPgliteOptions): Promise<EmbeddedDatabaseHandle>;
export async function openPglite(dataDir?: string, options: OpenPgliteOptions = {}): Promise<EmbeddedDatabaseHandle> {
  if (dataDir) mkdirSync(pgliteDataPath(dataDir), { recursive: true });
  const location = dataDir ? pgliteDataPath(dataDir) : undefined;
  const description = dataDir ? `embedded PGlite in ${location}` : 'embedded PGlite in memory';
  if (options.thread) {
    const thread = await openPgliteThread({
      dataDir: location,
      startParams: pgliteStartParams,
      setup: pgliteSetup,
      onExit: options.onThreadExit,
    });
    // drizzle's PGlite driver calls only query() and transaction(), which the thread's client answers as PGlite.
    const client = thread as unknown as PGlite;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      description: `${description} (own thread)`,
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => thread.close(),
      serveSocket: async (socketPath) => {
        await thread.serveSocket(socketPath);
        return () => thread.stopServing();
      },
    };
  }
  const pglite = await PGlite.create(location, {
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, ...pgliteStartParams],
  });
  await pglite.exec(pgliteSetup);
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  const handle: InProcessPgliteHandle = {
    db,
    pglite,
    kind: 'pglite',
    description,
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pglite.close(),
    serveSocket: async (socketPath) => {
      const server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 64 });
      await server.start();
      return () => server.stop();
    },
  };
  return handle;
}

/** True when a process is serving the embedded database of `dataDir` on its socket right now. */
export async function isSocketServed(socketPath: string): Promise<boolean> {
  if (!existsSync(socketPath)) return false;
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * For processes that do not own the embedded database (CLI, workers): reach it over the owner's socket, or
 * open it directly when nobody serves it. A PostgreSQL server, when configured, is always opened directly.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle & { owner: boolean }> {
  if (options.databaseUrl) return { ...(await openPostgres(options.databaseUrl)), owner: true };
  const socketPath = pgliteSocketPath(options.dataDir);
  if (await isSocketServed(socketPath)) {
    const handle = await openPostgres(
      `postgres://postgres@localhost/postgres?host=${encodeURIComponent(options.dataDir)}`,
      1,
    );
    return { ...handle, description: `embedded PGlite served on ${socketPath}`, owner: false };
  }
  return { ...(await openPglite(options.dataDir)), owner: true };
}
