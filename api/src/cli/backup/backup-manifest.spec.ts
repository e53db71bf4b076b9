import { BACKUP_FORMAT, BACKUP_VERSION, restorablePath, verifyManifest } from './backup-manifest';

const entry = (path: string, sha256 = 'a'.repeat(64), size = 3) => ({ path, size, sha256 });

const manifest = (entries = [entry('database/000-public.tenant.copy'), entry('storage/t/x.mxf')]) => ({
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  createdAt: '2026-11-27T12:00:00.000Z',
  database: null,
  schemaMigration: null,
  secretKey: 'included',
  counts: { tables: 1, rows: 0, mediaFiles: 1, mediaBytes: 3 },
  entries,
  vanished: [],
});

describe('backup manifest', () => {
  it('accepts the entries it lists, the manifest itself aside', () => {
    const read = [...manifest().entries, entry('manifest.json', 'b'.repeat(64), 100)];
    expect(verifyManifest(manifest(), read).entries).toHaveLength(2);
  });

  it('names every entry missing, altered or not listed', () => {
    const read = [entry('storage/t/x.mxf', 'c'.repeat(64)), entry('storage/t/extra.mxf')];
    expect(() => verifyManifest(manifest(), read)).toThrow(
      'database/000-public.tenant.copy: missing\n  storage/t/x.mxf: checksum does not match\n  storage/t/extra.mxf: not in the manifest',
    );
    expect(() =>
      verifyManifest(manifest(), [entry('database/000-public.tenant.copy'), entry('storage/t/x.mxf', undefined, 4)]),
    ).toThrow('storage/t/x.mxf: checksum does not match');
  });

  it('refuses what is not a backup of a version it reads', () => {
    expect(() => verifyManifest(null, [])).toThrow('not a MAM backup');
    expect(() => verifyManifest({ format: 'zip' }, [])).toThrow('not a MAM backup');
    expect(() => verifyManifest({ ...manifest(), version: 2 }, [])).toThrow('format version 2');
  });

  it('unpacks only into the database, storage and secret key, never outside the data directory', () => {
    expect(restorablePath('storage/t/items/a.mxf')).toBe('storage/t/items/a.mxf');
    expect(restorablePath('database/000-public.tenant.copy')).toBe('database/000-public.tenant.copy');
    expect(restorablePath('secret.key')).toBe('secret.key');
    for (const bad of [
      'storage/../../etc/passwd',
      '/etc/passwd',
      'pgdata/PG_VERSION',
      'storage/',
      'storage//x',
      'storage/./x',
    ]) {
      expect({ bad, path: restorablePath(bad) }).toEqual({ bad, path: null });
    }
  });
});
