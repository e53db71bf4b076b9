import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { BackupError } from './backup-manifest';
import { rowsSink, type CopyConnection, type CopySink } from './pg-wire';

export interface TTableDump {
  /** Quoted, schema-qualified: `public."user"`. */
  table: string;
  /** Quoted column names, in the order of the file; generated columns are left out (recomputed on restore). */
  columns: string[];
  rows: number;
  /** The archive entry holding the rows in COPY's text format. */
  file: string;
}

export interface TDatabaseDump {
  /** The migrations applied when the snapshot was taken, oldest first (Drizzle's journal times and hashes). */
  migrations: Array<{ createdAt: number; hash: string }>;
  /** Sequence positions; null when a sequence was never used. */
  sequences: Array<{ sequence: string; lastValue: string | null }>;
  tables: TTableDump[];
}

// Drizzle's own bookkeeping is recorded as `migrations` and rebuilt by the migrator on restore.
const userSchemas = `nspname NOT LIKE 'pg\\_%' AND nspname NOT IN ('information_schema', 'drizzle')`;

const catalogueSql = `COPY (
  SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname),
         string_agg(quote_ident(a.attname), ',' ORDER BY a.attnum)
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
   WHERE c.relkind = 'r' AND ${userSchemas.replaceAll('nspname', 'n.nspname')}
   GROUP BY 1 ORDER BY 1
) TO STDOUT; COPY (SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL) TO STDOUT;`;

function sinkToFile(file: string): CopySink {
  const output = createWriteStream(file, { mode: 0o600 });
  return {
    async write(chunk) {
      if (!output.write(chunk)) await once(output, 'drain');
    },
    async end() {
      output.end();
      await once(output, 'close');
    },
  };
}

/** True when the session has uncommitted changes: the dump's rows would include them, so it is taken again. */
const midTransaction = 'txid_current_if_assigned() IS NOT NULL';

/**
 * A consistent copy of every table of an embedded database, written as files into `dir`.
 *
 * An embedded database has a single session, which the server's own statements and socket clients' messages take
 * turns on, message by message; the server's transactions span several turns. So a snapshot cannot be a REPEATABLE
 * READ transaction held over several round trips (the server's statements would run inside it, and its COMMIT
 * would end it), nor may the dump send BEGIN or COMMIT (one would commit half of a server transaction). Instead
 * the whole dump is one simple-query message, which runs as one turn: nothing runs in between, so every table is
 * read at the same instant. If that instant falls inside a server transaction with uncommitted writes, every COPY is
 * gated off (no rows read) and the dump is tried again a moment later; read-only and without BEGIN/COMMIT, the
 * attempt leaves the server's transaction as it was. The server's database work waits for the dump (about a
 * second per few hundred megabytes of rows).
 */
export async function takeDatabaseSnapshot(connection: CopyConnection, dir: string): Promise<TDatabaseDump> {
  const catalogue: string[][] = [];
  const migrationsTable: string[][] = [];
  await connection.run(catalogueSql, (index) => rowsSink(index === 0 ? catalogue : migrationsTable));
  const hasMigrations = migrationsTable[0]?.[0] === 't';
  const tables = catalogue.map(([table, columns], index) => ({
    table: table!,
    columns: columns!.split(','),
    file: `database/${String(index).padStart(3, '0')}-${table!.replace(/[^A-Za-z0-9_.-]/g, '')}.copy`,
  }));
  const gate = `WHERE NOT ${midTransaction}`;
  const statements = [
    `COPY (SELECT ${midTransaction}) TO STDOUT`,
    hasMigrations
      ? `COPY (SELECT created_at, hash FROM drizzle.__drizzle_migrations ${gate} ORDER BY created_at) TO STDOUT`
      : 'COPY (SELECT 1 WHERE false) TO STDOUT',
    `COPY (SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename), last_value FROM pg_sequences
            WHERE ${userSchemas.replaceAll('nspname', 'schemaname')} AND NOT ${midTransaction} ORDER BY 1) TO STDOUT`,
    ...tables.map(({ table, columns }) => `COPY (SELECT ${columns.join(', ')} FROM ${table} ${gate}) TO STDOUT`),
  ];
  await mkdir(path.join(dir, 'database'), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    const busy: string[][] = [];
    const migrationRows: string[][] = [];
    const sequenceRows: string[][] = [];
    const rows = await connection.run(statements.join(';\n'), (index) =>
      index === 0
        ? rowsSink(busy)
        : index === 1
          ? rowsSink(migrationRows)
          : index === 2
            ? rowsSink(sequenceRows)
            : sinkToFile(path.join(dir, tables[index - 3]!.file)),
    );
    if (busy[0]?.[0] === 't') {
      if (attempt >= 1000) throw new BackupError('The database stayed inside a transaction; try again.');
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    return {
      migrations: migrationRows.map(([createdAt, hash]) => ({ createdAt: Number(createdAt), hash: hash! })),
      sequences: sequenceRows.map(([sequence, lastValue]) => ({ sequence: sequence!, lastValue: lastValue || null })),
      tables: tables.map((table, index) => ({ ...table, rows: rows[index + 3]! })),
    };
  }
}

// Found through the package rather than a relative path: the CLI runs bundled from dist/.
export const migrationsFolder = path.join(path.dirname(require.resolve('@mam/db/package.json')), 'migrations');

interface TJournal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}

export async function readJournal(folder = migrationsFolder): Promise<TJournal> {
  return JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as TJournal;
}

/**
 * Where the dump's migrations stand against this release's: how many of ours it had applied. Refuses a dump from a
 * release with migrations this one does not know.
 */
export async function migrationsApplied(dump: TDatabaseDump, folder = migrationsFolder): Promise<number> {
  const journal = await readJournal(folder);
  const known = dump.migrations.every((m, i) => journal.entries[i]?.when === m.createdAt);
  if (!known || dump.migrations.length > journal.entries.length) {
    throw new BackupError(
      'The backup was taken by a newer or different release (its database migrations are not all known here). ' +
        'Restore it with the release that made it.',
    );
  }
  return dump.migrations.length;
}

/** Applies the first `count` migrations only: the schema the dump's rows were written in. */
async function migrateTo(pglite: PGlite, count: number) {
  const journal = await readJournal();
  const subset = await mkdtemp(path.join(tmpdir(), 'mam-migrations-'));
  try {
    await mkdir(path.join(subset, 'meta'));
    const entries = journal.entries.slice(0, count);
    await writeFile(path.join(subset, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries)
      await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(subset, `${tag}.sql`));
    await migrate(drizzle(pglite), { migrationsFolder: subset });
  } finally {
    await rm(subset, { recursive: true, force: true });
  }
}

/**
 * Loads a dump into a new, empty embedded database: the schema as it was (its migrations), the rows, the sequence
 * positions, then this release's later migrations.
 */
export async function restoreDatabaseSnapshot(pglite: PGlite, dump: TDatabaseDump, dir: string): Promise<void> {
  await migrateTo(pglite, await migrationsApplied(dump));
  // Rows go in table by table; foreign keys and triggers would see them out of order (and the rows already hold
  // what triggers compute).
  await pglite.exec(`SET session_replication_role = replica`);
  try {
    for (const { table, columns, file } of dump.tables) {
      const blob = new Blob([await readFile(path.join(dir, file))]);
      await pglite.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob });
    }
    for (const { sequence, lastValue } of dump.sequences) {
      if (lastValue !== null)
        await pglite.query(`SELECT setval($1::regclass, $2::bigint, true)`, [sequence, lastValue]);
    }
  } finally {
    await pglite.exec(`RESET session_replication_role`);
  }
  await migrate(drizzle(pglite), { migrationsFolder });
}
