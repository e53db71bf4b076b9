import { randomUUID } from 'node:crypto';
import { constants, createWriteStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeOf,
  StorageError,
  type ObjectStorage,
  type TObjectEntry,
} from './object-storage';

// Half-written files live here until renamed into place; never a valid first key segment, never listed.
const PARTIAL_DIR = '.partial';
// A cold location's restore markers (local-cold-storage.ts); like partial files, never a key and never listed.
export const RESTORE_DIR = '.restore';
const HIDDEN_DIRS = new Set([PARTIAL_DIR, RESTORE_DIR]);

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Files under `root`. Writes go to a temporary file first and are renamed into place, so a reader sees the old
 * object or the new one, never a torn one. Keys are checked before they become paths, so nothing outside `root`
 * can be named.
 */
export function createLocalStorage(options: { root: string }): ObjectStorage {
  const root = path.resolve(options.root);

  function pathOf(key: string): string {
    assertValidKey(key);
    if (HIDDEN_DIRS.has(key.split('/')[0]!)) throw new StorageError('invalid_key', `Invalid storage key: "${key}"`);
    const full = path.join(root, key);
    // Belt and braces: the key check already rules this out.
    const relative = path.relative(root, full);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new StorageError('invalid_key', `Invalid storage key: "${key}"`);
    }
    return full;
  }

  async function temporaryFile(): Promise<string> {
    const dir = path.join(root, PARTIAL_DIR);
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  /** Renames a finished temporary file over the target; a concurrent prune may remove the fresh folder once. */
  async function moveIntoPlace(temporary: string, target: string) {
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(temporary, target);
        return;
      } catch (error) {
        if (errnoOf(error) !== 'ENOENT' || attempt >= 2) throw error;
      }
    }
  }

  /** Removes folders left empty by deletions, up to (not including) the root. */
  async function pruneEmptyParents(from: string) {
    let dir = from;
    while (dir !== root && dir.startsWith(root + path.sep)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  /** Files under `dir` as keys (relative to root), depth first; a missing folder has none. */
  async function walk(dir: string): Promise<TObjectEntry[]> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return [];
      throw error;
    }
    const found: TObjectEntry[] = [];
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === root && HIDDEN_DIRS.has(entry.name)) continue;
        found.push(...(await walk(full)));
      } else if (entry.isFile()) {
        const info = await stat(full).catch(() => null);
        if (info) {
          found.push({
            key: path.relative(root, full).split(path.sep).join('/'),
            size: info.size,
            modifiedAt: info.mtime,
          });
        }
      }
    }
    return found;
  }

  /** Objects whose key starts with `prefix`: walks only the folder the prefix names or ends in. */
  async function matching(prefix: string): Promise<TObjectEntry[]> {
    const folder = prefix === '' ? '' : prefix.endsWith('/') ? prefix.slice(0, -1) : path.posix.dirname(prefix);
    const start = folder === '' || folder === '.' ? root : path.join(root, folder);
    const entries = await walk(start);
    return entries.filter((e) => e.key.startsWith(prefix)).sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  async function writeStream(key: string, body: Readable): Promise<{ size: number }> {
    const target = pathOf(key);
    const temporary = await temporaryFile();
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      const { size } = await stat(temporary);
      await moveIntoPlace(temporary, target);
      return { size };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',

    put: (key, body) => writeStream(key, body),

    async putFile(key, filePath) {
      const target = pathOf(key);
      const temporary = await temporaryFile();
      try {
        // Copy-on-write clone where the file system offers it, a kernel-side copy otherwise.
        await copyFile(filePath, temporary, constants.COPYFILE_FICLONE);
        const { size } = await stat(temporary);
        await moveIntoPlace(temporary, target);
        return { size };
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key, range) {
      const file = pathOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'EISDIR') {
          throw new StorageError('not_found', `No object at "${key}"`, { cause: error });
        }
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new StorageError('not_found', `No object at "${key}"`);
        if (range && (range.start < 0 || range.start > range.end || range.start >= info.size)) {
          throw new StorageError('invalid_range', `Range ${range.start}-${range.end} is outside "${key}"`);
        }
        const body = handle.createReadStream(
          range ? { start: range.start, end: Math.min(range.end, info.size - 1) } : { start: 0 },
        );
        return { body, size: info.size, contentType: contentTypeOf(key) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async head(key) {
      const info = await stat(pathOf(key)).catch((error: unknown) => {
        if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      return { size: info.size, contentType: contentTypeOf(key), modifiedAt: info.mtime };
    },

    async delete(key) {
      const file = pathOf(key);
      try {
        await unlink(file);
      } catch (error) {
        if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return;
        throw error;
      }
      await pruneEmptyParents(path.dirname(file));
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix, { allowEmpty: false });
      if (HIDDEN_DIRS.has(prefix.split('/')[0]!)) return 0;
      const entries = await matching(prefix);
      for (const entry of entries) await rm(path.join(root, entry.key), { force: true });
      const folders = new Set(entries.map((e) => path.dirname(path.join(root, e.key))));
      if (prefix.endsWith('/')) folders.add(path.join(root, prefix.slice(0, -1)));
      // Deepest first, so a parent is empty by the time it is tried.
      for (const folder of [...folders].sort((a, b) => b.length - a.length)) await pruneEmptyParents(folder);
      return entries.length;
    },

    async list(prefix) {
      assertValidPrefix(prefix, { allowEmpty: true });
      return matching(prefix);
    },

    async toLocalFile(key) {
      const file = pathOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new StorageError('not_found', `No object at "${key}"`);
      return { path: file, cleanup: async () => undefined };
    },

    async test() {
      const probe = path.join(root, PARTIAL_DIR, `connection-test-${randomUUID()}`);
      const expected = `mam connection test ${new Date().toISOString()}`;
      try {
        await mkdir(path.dirname(probe), { recursive: true });
        await writeFile(probe, expected, { flag: 'wx' });
        const read = await readFile(probe, 'utf8');
        if (read !== expected) throw new StorageError('failed', 'The storage folder returned different content.');
      } catch (error) {
        if (error instanceof StorageError) throw error;
        const code = errnoOf(error);
        if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
          throw new StorageError('access_denied', 'The storage folder is not writable by the server.', {
            cause: error,
          });
        }
        if (code === 'ENOSPC') throw new StorageError('failed', 'The storage disk is full.', { cause: error });
        throw new StorageError('failed', `The storage folder cannot be used (${code ?? 'unknown error'}).`, {
          cause: error,
        });
      } finally {
        await rm(probe, { force: true }).catch(() => undefined);
      }
    },
  };
}
