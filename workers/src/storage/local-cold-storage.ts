import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { upgradedColdRestore } from '@mam/core';
import { createLocalStorage, RESTORE_DIR } from './local-storage';
import {
  assertValidKey,
  StorageError,
  type ObjectStorage,
  type TRestoreStatus,
  type TRestoreTier,
} from './object-storage';

/** How long a local cold location takes to make an object readable, per tier. */
export interface TColdDelays {
  standardSeconds: number;
  expressSeconds: number;
}

/** Like S3 Glacier's Standard (3–5 hours) and Expedited (1–5 minutes) retrievals. */
export const DEFAULT_COLD_DELAYS: TColdDelays = { standardSeconds: 3 * 60 * 60, expressSeconds: 5 * 60 };

interface TMarker {
  tier: TRestoreTier;
  requestedAt: string;
  readyAt: string;
}

/**
 * A folder that behaves like a cold object-storage class, so the restore workflow runs and is tested on one machine
 * with no cloud: an object is written and listed at once, but reads of it fail until a restore was requested and
 * the tier's delay has passed. The request is a marker file beside the objects (under `.restore/`), so it survives
 * server restarts like S3's restore does. Writing an object again makes it cold again.
 */
export function createLocalColdStorage(options: {
  root: string;
  delays?: Partial<TColdDelays>;
  clock?: () => Date;
}): ObjectStorage {
  const root = path.resolve(options.root);
  const base = createLocalStorage({ root });
  const delays = { ...DEFAULT_COLD_DELAYS, ...options.delays };
  const now = options.clock ?? (() => new Date());

  function markerOf(key: string): string {
    assertValidKey(key);
    return path.join(root, RESTORE_DIR, `${key}.json`);
  }

  async function readMarker(key: string): Promise<TMarker | null> {
    try {
      return JSON.parse(await readFile(markerOf(key), 'utf8')) as TMarker;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  function statusOf(marker: TMarker | null): TRestoreStatus {
    if (!marker) return { ready: false, readyAt: null };
    const readyAt = new Date(marker.readyAt);
    return { ready: readyAt.getTime() <= now().getTime(), readyAt };
  }

  async function assertRestored(key: string) {
    // A missing object reads as missing, not as cold.
    if (!(await base.head(key))) return;
    if (statusOf(await readMarker(key)).ready) return;
    throw new StorageError(
      'not_restored',
      `"${key}" is in cold storage and cannot be read until it is restored; request a restore and wait until it is ready`,
    );
  }

  async function forget(key: string) {
    await rm(markerOf(key), { force: true });
  }

  return {
    ...base,
    async put(key, body, putOptions) {
      const stored = await base.put(key, body, putOptions);
      await forget(key);
      return stored;
    },
    async putFile(key, filePath, putOptions) {
      const stored = await base.putFile(key, filePath, putOptions);
      await forget(key);
      return stored;
    },
    async get(key, range) {
      await assertRestored(key);
      return base.get(key, range);
    },
    async toLocalFile(key, tmpDir) {
      await assertRestored(key);
      return base.toLocalFile(key, tmpDir);
    },
    async delete(key) {
      await base.delete(key);
      await forget(key);
    },
    async deletePrefix(prefix) {
      const count = await base.deletePrefix(prefix);
      await rm(path.join(root, RESTORE_DIR, prefix), { recursive: true, force: true });
      return count;
    },
    cold: {
      async requestRestore(key, tier) {
        if (!(await base.head(key))) throw new StorageError('not_found', `No object at "${key}"`);
        const existing = await readMarker(key);
        let marker: TMarker;
        if (existing) {
          // Asked again: the first request stands, unless this one is the faster tier and the copy is not readable
          // yet (as S3 takes an expedited request over a standard one under way).
          const status = statusOf(existing);
          const upgraded = upgradedColdRestore(
            { ...existing, ready: status.ready },
            tier,
            now(),
            delays.expressSeconds * 1000,
          );
          if (!upgraded) return status;
          marker = { tier: upgraded.tier, requestedAt: upgraded.requestedAt, readyAt: upgraded.readyAt! };
        } else {
          const requestedAt = now();
          const seconds = tier === 'express' ? delays.expressSeconds : delays.standardSeconds;
          marker = {
            tier,
            requestedAt: requestedAt.toISOString(),
            readyAt: new Date(requestedAt.getTime() + seconds * 1000).toISOString(),
          };
        }
        const file = markerOf(key);
        await mkdir(path.dirname(file), { recursive: true });
        // Written whole then renamed: a crash mid-write leaves no marker, so the next request writes it again.
        const partial = `${file}.${process.pid}.tmp`;
        await writeFile(partial, JSON.stringify(marker));
        await rename(partial, file);
        return statusOf(marker);
      },
      async restoreStatus(key) {
        return statusOf(await readMarker(key));
      },
    },
  };
}
