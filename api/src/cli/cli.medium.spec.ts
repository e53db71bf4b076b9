import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from './main';

describe('operations CLI on an embedded data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mam-cli-'));
  const saved = { ...process.env };
  let lines: string[];
  const run = (...argv: string[]) => {
    lines = [];
    return runCli(argv, (line) => lines.push(line));
  };

  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits with 2 and the usage on bad arguments', async () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await run('frobnicate')).toBe(2);
      expect(await run('user', 'create', '--tenant', 'demo')).toBe(2);
      expect(await run('tenant', 'create', '--slug', 'x', '--bogus', 'y')).toBe(2);
      expect(String(stderr.mock.calls.at(-1)?.[0])).toContain('Usage: npm run mam');
    } finally {
      stderr.mockRestore();
    }
  });

  it('migrates, creates a tenant, a user and an API key that is printed alone on the last line', async () => {
    expect(await run('db', 'migrate')).toBe(0);
    expect(
      await run(
        'tenant',
        'create',
        '--slug',
        'news',
        '--name',
        'Newsroom',
        '--admin-email',
        'boss@news.test',
        '--admin-password',
        'boss-password-1',
      ),
    ).toBe(0);
    expect(
      await run(
        'user',
        'create',
        '--tenant',
        'news',
        '--email',
        'cutter@news.test',
        '--password',
        'cutter-password',
        '--group',
        'Administrators',
      ),
    ).toBe(0);
    expect(lines.join('\n')).toContain('cutter@news.test');
    expect(
      await run(
        'api-key',
        'create',
        '--tenant',
        'news',
        '--email',
        'cutter@news.test',
        '--label',
        'nle',
        '--expires',
        '2999-01-01',
      ),
    ).toBe(0);
    expect(lines.at(-1)).toMatch(/^mam_\w+_[\w-]{20,}$/);
  });

  it('reports domain errors with their code and exit 2', async () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(
        await run(
          'tenant',
          'create',
          '--slug',
          'news',
          '--name',
          'Again',
          '--admin-email',
          'a@b.test',
          '--admin-password',
          'long-enough-pw',
        ),
      ).toBe(2);
      expect(String(stderr.mock.calls[0]?.[0])).toContain('TENANT_SLUG_TAKEN');
      expect(
        await run(
          'api-key',
          'create',
          '--tenant',
          'news',
          '--email',
          'boss@news.test',
          '--label',
          'old',
          '--expires',
          '2000-01-01',
        ),
      ).toBe(2);
      expect(String(stderr.mock.calls.at(-1)?.[0])).toContain('Please select a date in the future');
      // Without Elasticsearch there is no index to rebuild, and the command says so.
      expect(await run('search', 'reindex', '--tenant', 'news')).toBe(2);
      expect(String(stderr.mock.calls.at(-1)?.[0])).toContain('ELASTICSEARCH_URL: Not set');
    } finally {
      stderr.mockRestore();
    }
  });
});
