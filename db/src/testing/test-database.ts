import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type DatabaseHandle } from '../client/database';

export type TTestBackend = 'pglite' | 'postgres';

/** Every medium test runs on both dialect back ends the product supports. */
export const testBackends: TTestBackend[] = ['pglite', 'postgres'];

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends DatabaseHandle {
  /** The fresh database's connection string (PostgreSQL only), for other clients of the same database. */
  url?: string;
  dispose(): Promise<void>;
}

/** A migrated, empty database: PGlite in memory, or a fresh database on the machine's PostgreSQL server. */
export async function createTestDatabase(backend: TTestBackend, poolSize = 4): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const handle = await openPglite();
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `mam_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), poolSize);
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * The text of every statement the database's pool runs until `stop` (a server's only: PGlite has no pool, and its
 * statements go by unrecorded).
 */
export function recordStatements(db: Database) {
  const pool = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = pool.query;
  const texts: string[] = [];
  pool.query = function (this: unknown, ...args: unknown[]) {
    const statement = args[0] as string | { text?: string };
    texts.push(typeof statement === 'string' ? statement : (statement.text ?? ''));
    return query.apply(this, args);
  };
  return {
    stop: () => {
      pool.query = query;
      return texts;
    },
  };
}
