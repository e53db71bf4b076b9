import path from 'node:path';
import type { TDatabaseDump } from './database-snapshot';
import type { TArchiveEntry } from './tar-archive';

/** A refusal or a damaged backup: said to the operator without a stack trace. */
export class BackupError extends Error {}

export const MANIFEST_ENTRY = 'manifest.json';
export const BACKUP_FORMAT = 'mam-backup';
export const BACKUP_VERSION = 1;

/** The last entry of every backup archive: what it holds and each entry's checksum. */
export interface TBackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The embedded database's rows; null when the installation uses a PostgreSQL server (backed up with pg_dump). */
  database: TDatabaseDump | null;
  /** The tag of the last migration the database had, for people reading the manifest. */
  schemaMigration: string | null;
  /** Whether DATA_DIR/secret.key is in the archive; without it, SECRET_KEY must be set as it was. */
  secretKey: 'included' | 'from-environment';
  counts: { tables: number; rows: number; mediaFiles: number; mediaBytes: number };
  /** Every other entry of the archive, with its size and SHA-256. */
  entries: TArchiveEntry[];
  /** Media files deleted between the database snapshot and their copy (their items were deleted meanwhile). */
  vanished: string[];
}

/**
 * Where an entry may be unpacked, relative to the data directory; null for a name that could escape it or that a
 * backup never holds.
 */
export function restorablePath(entry: string): string | null {
  if (entry === 'secret.key') return entry;
  const normalised = path.posix.normalize(entry);
  if (normalised !== entry || path.posix.isAbsolute(entry) || entry.split('/').includes('..')) return null;
  if (!/^(database|storage)\/[^/]/.test(entry)) return null;
  return entry;
}

/** Checks a manifest against the entries actually read; throws with every difference found. */
export function verifyManifest(manifest: unknown, read: TArchiveEntry[]): TBackupManifest {
  const m = manifest as Partial<TBackupManifest> | null;
  if (!m || m.format !== BACKUP_FORMAT || !Array.isArray(m.entries)) {
    throw new BackupError('This file is not a MAM backup (no manifest).');
  }
  if (m.version !== BACKUP_VERSION) {
    throw new BackupError(
      `This backup has format version ${String(m.version)}; this release reads version ${BACKUP_VERSION}.`,
    );
  }
  const problems: string[] = [];
  const found = new Map(read.map((entry) => [entry.path, entry]));
  for (const expected of m.entries) {
    const actual = found.get(expected.path);
    if (!actual) problems.push(`${expected.path}: missing`);
    else if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      problems.push(`${expected.path}: checksum does not match`);
    }
    found.delete(expected.path);
  }
  found.delete(MANIFEST_ENTRY);
  for (const extra of found.keys()) problems.push(`${extra}: not in the manifest`);
  if (problems.length) {
    throw new BackupError(
      `The backup is damaged or was altered:\n${problems
        .slice(0, 20)
        .map((p) => `  ${p}`)
        .join('\n')}${problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''}`,
    );
  }
  return m as TBackupManifest;
}
