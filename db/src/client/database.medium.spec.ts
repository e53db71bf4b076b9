import { createTestDatabase, testBackends, type TestDatabase } from '@mam/db/testing';
import { sql } from 'drizzle-orm';

describe.each(testBackends)('database sessions on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database.dispose());

  it('give every connection the settings latency-bound statements need', async () => {
    // More reads than one connection serves at once, so several pooled connections answer.
    const reads = await Promise.all(
      Array.from({ length: 6 }, () =>
        database.db.execute(
          sql`SELECT current_setting('work_mem') AS work_mem, current_setting('jit') AS jit,
            current_setting('max_parallel_workers_per_gather') AS workers, pg_backend_pid() AS pid, pg_sleep(0.05)`,
        ),
      ),
    );
    const rows = reads.map((read) => (read as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!);
    if (backend === 'postgres') expect(new Set(rows.map((row) => row.pid)).size).toBeGreaterThan(1);
    for (const row of rows) expect(row).toMatchObject({ work_mem: '32MB', jit: 'off', workers: '0' });
  });
});
