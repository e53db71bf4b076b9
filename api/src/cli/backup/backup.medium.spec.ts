import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openPglite, pgliteSocketPath, type InProcessPgliteHandle } from '@mam/db';
import { runCli } from '../main';

async function rowCounts(handle: InProcessPgliteHandle): Promise<Record<string, number>> {
  const tables = await handle.pglite.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await handle.pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
    counts[name] = result.rows[0]!.n;
  }
  return counts;
}

jest.setTimeout(300_000);

describe('backup and restore of an embedded installation', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'mam-backup-'));
  const source = path.join(root, 'source');
  const saved = { ...process.env };
  let lines: string[];
  const run = async (dataDir: string, ...argv: string[]) => {
    process.env.DATA_DIR = dataDir;
    lines = [];
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((text) => {
      lines.push(String(text));
      return true;
    });
    try {
      return await runCli(argv, (line) => lines.push(line));
    } finally {
      stderr.mockRestore();
    }
  };
  const media = 'storage/tenant-a/items/one/original.mxf';
  const mediaBytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));

  beforeAll(async () => {
    delete process.env.DATABASE_URL;
    delete process.env.SECRET_KEY;
    expect(await run(source, 'db', 'migrate')).toBe(0);
    expect(
      await run(
        source,
        ...['tenant', 'create', '--slug', 'news', '--name', 'Newsroom'],
        ...['--admin-email', 'boss@news.test', '--admin-password', 'boss-password-1'],
      ),
    ).toBe(0);
    mkdirSync(path.dirname(path.join(source, media)), { recursive: true });
    writeFileSync(path.join(source, media), mediaBytes);
    mkdirSync(path.join(source, 'storage', '.partial'), { recursive: true });
    writeFileSync(path.join(source, 'storage', '.partial', 'half-written'), 'x');
    writeFileSync(path.join(source, 'secret.key'), 'ab'.repeat(32));
  });
  afterAll(() => {
    process.env = saved;
    rmSync(root, { recursive: true, force: true });
  });

  it('restores what a backup taken without a running server holds into a fresh data directory', async () => {
    const file = path.join(root, 'offline.tar.gz');
    expect(await run(source, 'backup', '--to', file)).toBe(0);
    expect(lines.join('\n')).toMatch(
      /Backup written to .*: \d+ tables \(\d+ rows, migration \d{4}_\w+\), 1 media files/,
    );

    const target = path.join(root, 'restored-offline');
    expect(await run(target, 'restore', '--from', file)).toBe(0);
    expect(readFileSync(path.join(target, media))).toEqual(mediaBytes);
    expect(existsSync(path.join(target, 'storage', '.partial'))).toBe(false);
    expect(readFileSync(path.join(target, 'secret.key'), 'utf8')).toBe('ab'.repeat(32));

    const original = await openPglite(source);
    const restored = await openPglite(target);
    try {
      expect(await rowCounts(restored)).toEqual(await rowCounts(original));
      const audit = `SELECT last_value FROM audit_event_id_seq`;
      expect((await restored.pglite.query(audit)).rows).toEqual((await original.pglite.query(audit)).rows);
    } finally {
      await original.close();
      await restored.close();
    }
    // The restored installation answers the CLI like the original.
    expect(
      await run(
        target,
        'user',
        'set-password',
        '--tenant',
        'news',
        '--email',
        'boss@news.test',
        '--password',
        'another-password-2',
      ),
    ).toBe(0);
  });

  it('takes one consistent snapshot through the socket of a running server while it writes', async () => {
    // Stands in for the server: owns the database, serves it on the socket and writes all the time.
    const server = await openPglite(source);
    const stopSocket = await server.serveSocket(pgliteSocketPath(source));
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        // Two tables changed in one transaction, with a pause between the statements where the backup's query
        // can land: a torn snapshot would hold one change without the other.
        await server.pglite.transaction(async (tx) => {
          await tx.query(`INSERT INTO audit_event (tenant_id, action, target_type, target_id, details)
                          SELECT id, 'bench.write', 'tenant', id::text, '{}' FROM tenant LIMIT 1`);
          await new Promise((resolve) => setImmediate(resolve));
          await tx.query(`UPDATE tenant SET name = 'Newsroom ' || $1`, [String(++n)]);
        });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const file = path.join(root, 'online.tar.gz');
    try {
      expect(await run(source, 'backup', '--to', file)).toBe(0);
    } finally {
      writing = false;
      await writer;
      await stopSocket();
      await server.close();
    }
    const target = path.join(root, 'restored-online');
    expect(await run(target, 'restore', '--from', file)).toBe(0);
    const restored = await openPglite(target);
    try {
      const writes = await restored.pglite.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_event WHERE action = 'bench.write'`,
      );
      const name = await restored.pglite.query<{ name: string }>(`SELECT name FROM tenant`);
      expect(writes.rows[0]!.n).toBeGreaterThan(0);
      expect(name.rows[0]!.name).toBe(`Newsroom ${writes.rows[0]!.n}`);
    } finally {
      await restored.close();
    }
  });

  it('refuses a data directory that is not empty unless --force, and a damaged archive', async () => {
    const file = path.join(root, 'offline.tar.gz');
    const target = path.join(root, 'restored-offline');
    expect(await run(target, 'restore', '--from', file)).toBe(2);
    expect(lines.join('\n')).toContain('is not empty');

    const damaged = path.join(root, 'damaged.tar.gz');
    const tar = gunzipSync(readFileSync(file));
    const at = tar.indexOf(mediaBytes.subarray(1000, 1100)) + 50;
    tar[at] = tar[at]! ^ 0xff;
    writeFileSync(damaged, gzipSync(tar));
    expect(await run(target, 'restore', '--from', damaged, '--force')).toBe(2);
    expect(lines.join('\n')).toContain(`${media}: checksum does not match`);
    // Nothing was replaced by the refused restore.
    expect(readFileSync(path.join(target, media))).toEqual(mediaBytes);

    expect(await run(target, 'restore', '--from', file, '--force')).toBe(0);
  });
});
