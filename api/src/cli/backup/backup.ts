import { createWriteStream, existsSync, type Dirent } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSocketServed, openPglite, pgliteDataPath, pgliteSocketPath } from '@mam/db';
import {
  BackupError,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  MANIFEST_ENTRY,
  restorablePath,
  verifyManifest,
  type TBackupManifest,
} from './backup-manifest';

export { BackupError };
import { readJournal, restoreDatabaseSnapshot, takeDatabaseSnapshot, type TDatabaseDump } from './database-snapshot';
import { connectUnixSocket, inProcessConnection } from './pg-wire';
import { createArchiveWriter, pipeInto, readArchive, type TArchiveEntry } from './tar-archive';

/** What a restore replaces in the data directory. */
const RESTORED = ['pgdata', 'storage', 'secret.key'];
/** What --force clears besides: state that belongs to the replaced database (partial uploads, queued mail). */
const CLEARED_WITH_FORCE = [...RESTORED, 'uploads', 'outbox'];

const PARTIAL_DIR = '.partial';

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Files under the local storage root as archive-relative paths; half-written files (`.partial`) left out. */
async function mediaFiles(root: string, dir = root): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== PARTIAL_DIR) files.push(...(await mediaFiles(root, full)));
    } else if (entry.isFile()) files.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return files;
}

async function migrationTag(dump: TDatabaseDump): Promise<string | null> {
  const last = dump.migrations.at(-1);
  if (!last) return null;
  const journal = await readJournal();
  return journal.entries.find((e) => e.when === last.createdAt)?.tag ?? null;
}

/** The embedded database's rows, read through the running server's socket, or opened here when none runs. */
async function snapshotEmbedded(dataDir: string, workDir: string): Promise<TDatabaseDump> {
  const socketPath = pgliteSocketPath(dataDir);
  if (await isSocketServed(socketPath)) {
    const connection = await connectUnixSocket(socketPath);
    try {
      return await takeDatabaseSnapshot(connection, workDir);
    } finally {
      await connection.close();
    }
  }
  if (!existsSync(path.join(pgliteDataPath(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`There is no MAM installation in ${dataDir} (no database in ${pgliteDataPath(dataDir)}).`);
  }
  const handle = await openPglite(dataDir);
  // Served while we hold it, so a server starting meanwhile sees the database taken instead of opening it too.
  const stopSocket = await handle.serveSocket(socketPath);
  try {
    return await takeDatabaseSnapshot(inProcessConnection(handle.pglite), workDir);
  } finally {
    await stopSocket();
    await handle.close();
  }
}

export interface TBackupOptions {
  dataDir: string;
  /** Set when the installation's database is a PostgreSQL server: only the files are backed up. */
  databaseUrl?: string;
  to: string;
  out: (line: string) => void;
}

export async function createBackup({ dataDir, databaseUrl, to, out }: TBackupOptions): Promise<TBackupManifest> {
  const target = path.resolve(to);
  await mkdir(path.dirname(target), { recursive: true });
  const workDir = await mkdtemp(path.join(path.dirname(target), '.mam-backup-'));
  const partial = path.join(workDir, 'archive.tar.gz');
  const writer = createArchiveWriter(partial);
  try {
    if (databaseUrl) {
      out(
        'The database is a PostgreSQL server (DATABASE_URL): back it up with pg_dump first (see README, Backup and ' +
          'restore). This archive holds the local media files and the secret key.',
      );
    }
    // The database first, then the files. Media files are written (and renamed into place) before any row refers to
    // them and never change afterwards, so every file the snapshot refers to is already on disk when the copy below
    // starts: copying after the snapshot can add files no row refers to yet (harmless), never miss one. Files still
    // being written (`.partial`, and tus uploads in DATA_DIR/uploads) are left out: their uploads are not finished
    // in the snapshot either, and their clients upload them again.
    const database = databaseUrl ? null : await snapshotEmbedded(dataDir, workDir);
    const entries: TArchiveEntry[] = [];
    for (const table of database?.tables ?? []) {
      const file = path.join(workDir, table.file);
      entries.push(await writer.addFile(table.file, file, (await stat(file)).size));
      await rm(file);
    }

    const storageRoot = path.join(dataDir, 'storage');
    const vanished: string[] = [];
    let mediaBytes = 0;
    let mediaCount = 0;
    for (const file of await mediaFiles(storageRoot)) {
      const full = path.join(storageRoot, file);
      let size: number;
      try {
        size = (await stat(full)).size;
        entries.push(await writer.addFile(`storage/${file}`, full, size));
      } catch (error) {
        // Deleted with its item after the snapshot: the restored database still lists the item.
        if (errnoOf(error) !== 'ENOENT') throw error;
        vanished.push(file);
        continue;
      }
      mediaBytes += size;
      mediaCount++;
    }

    const secretKey = path.join(dataDir, 'secret.key');
    const hasSecretKey = existsSync(secretKey);
    if (hasSecretKey) entries.push(await writer.addFile('secret.key', secretKey, (await stat(secretKey)).size));

    const manifest: TBackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database,
      schemaMigration: database ? await migrationTag(database) : null,
      secretKey: hasSecretKey ? 'included' : 'from-environment',
      counts: {
        tables: database?.tables.length ?? 0,
        rows: database?.tables.reduce((sum, t) => sum + t.rows, 0) ?? 0,
        mediaFiles: mediaCount,
        mediaBytes,
      },
      entries,
      vanished,
    };
    await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await writer.finish();
    await rename(partial, target);
    const { counts } = manifest;
    out(
      `Backup written to ${target}: ${database ? `${counts.tables} tables (${counts.rows} rows, migration ${manifest.schemaMigration}), ` : ''}` +
        `${counts.mediaFiles} media files (${counts.mediaBytes} bytes)${hasSecretKey ? ', the secret key' : ''}.`,
    );
    if (!hasSecretKey) out('The secret key comes from SECRET_KEY: keep it with the backup, a restore needs the same.');
    if (vanished.length) out(`${vanished.length} media files were deleted while the backup ran and are not in it.`);
    return manifest;
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

export interface TRestoreOptions {
  dataDir: string;
  databaseUrl?: string;
  from: string;
  force: boolean;
  out: (line: string) => void;
}

export async function restoreBackup({
  dataDir,
  databaseUrl,
  from,
  force,
  out,
}: TRestoreOptions): Promise<TBackupManifest> {
  if (!existsSync(from)) throw new BackupError(`No such backup file: ${from}`);
  if (await isSocketServed(pgliteSocketPath(dataDir))) {
    throw new BackupError(`A MAM server is running on ${dataDir}. Stop it before restoring.`);
  }
  const existing = existsSync(dataDir) ? await readdir(dataDir) : [];
  if (existing.length > 0 && !force) {
    throw new BackupError(
      `${dataDir} is not empty. Restore into a new data directory, or add --force to replace its database, media ` +
        'and secret key.',
    );
  }
  await mkdir(dataDir, { recursive: true });
  // Unpacked beside its destination (same file system, so moving it into place is a rename) and moved in only
  // once every checksum matched and the database loaded.
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    let manifestText = '';
    const read = await readArchive(from, async (entry, _size, content) => {
      if (entry === MANIFEST_ENTRY) {
        for await (const chunk of content) manifestText += chunk.toString('utf8');
        return;
      }
      const relative = restorablePath(entry);
      if (!relative) return; // Reported by the manifest check as not listed, or skipped if a newer format adds it.
      const file = path.join(staging, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeInto(content, createWriteStream(file, { mode: 0o600 }));
    }).catch((error: unknown) => {
      throw error instanceof BackupError
        ? error
        : new BackupError(`The backup cannot be read (${(error as Error).message}).`);
    });
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(manifestText);
    } catch {
      // verifyManifest says what is wrong.
    }
    const manifest = verifyManifest(parsed, read);

    if (manifest.database && databaseUrl) {
      throw new BackupError(
        'This backup holds an embedded database, but DATABASE_URL points at a PostgreSQL server. Unset DATABASE_URL ' +
          'to restore into DATA_DIR.',
      );
    }
    if (manifest.database) {
      const handle = await openPglite(staging);
      try {
        await restoreDatabaseSnapshot(handle.pglite, manifest.database, staging);
      } finally {
        await handle.close();
      }
    }
    if (force) {
      for (const name of CLEARED_WITH_FORCE) await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    for (const name of RESTORED) {
      if (existsSync(path.join(staging, name))) await rename(path.join(staging, name), path.join(dataDir, name));
    }
    const { counts } = manifest;
    out(
      `Restored ${from} (taken ${manifest.createdAt}) into ${dataDir}: ` +
        `${manifest.database ? `${counts.tables} tables (${counts.rows} rows), ` : ''}` +
        `${counts.mediaFiles} media files (${counts.mediaBytes} bytes); every checksum matched.`,
    );
    if (!manifest.database) {
      out('The backup holds no database: restore the PostgreSQL database with pg_restore (see README).');
    }
    if (manifest.secretKey === 'from-environment') {
      out('The secret key was not in the data directory: set SECRET_KEY as it was when the backup was taken.');
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
