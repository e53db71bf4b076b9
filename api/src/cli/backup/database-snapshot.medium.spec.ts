import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { takeDatabaseSnapshot } from './database-snapshot';
import { inProcessConnection } from './pg-wire';

describe('database snapshot of a single-session embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-snapshot-'));
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`CREATE TABLE clip (id int PRIMARY KEY, title text, words tsvector GENERATED ALWAYS AS
                   (to_tsvector('simple', title)) STORED);
                   INSERT INTO clip (id, title) VALUES (1, 'Evening news'), (2, E'tab\\there');`);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits out a transaction in progress instead of reading its uncommitted rows', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    // Between its statements the session is in a transaction with an uncommitted row; then it rolls back.
    const transaction = db
      .transaction(async (tx) => {
        await tx.query(`INSERT INTO clip (id, title) VALUES (3, 'never committed')`);
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await insertedOnce;
    const snapshot = takeDatabaseSnapshot(inProcessConnection(db), dir);
    setTimeout(release, 200);
    const dump = await snapshot;
    await transaction;

    expect(dump.tables).toEqual([
      { table: 'public.clip', columns: ['id', 'title'], rows: 2, file: 'database/000-public.clip.copy' },
    ]);
    expect(readFileSync(path.join(dir, dump.tables[0]!.file), 'utf8')).toBe('1\tEvening news\n2\ttab\\there\n');
    expect(dump.migrations).toEqual([]);
  });
});
