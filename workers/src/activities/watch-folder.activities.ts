import type { Repositories, TWatchFolderRow } from '@mam/db';
import { judgeStability, watchFolderListPrefix, type TWatchedFile } from '@mam/core';
import {
  ApplicationFailure,
  currentActivity,
  type WatchFolderActivities,
  type WatchFolderPollResult,
} from '@mam/workflows';
import type { ObjectStorage, TObjectEntry } from '../storage';
import { isScannableMedia } from './storage-scan.activities';

export interface WatchFolderActivityDeps {
  repos: Pick<Repositories, 'watchFolders' | 'storageScans'>;
  storages: { resolve(tenantId: string, storageId: string): Promise<ObjectStorage> };
  /** Makes an item of the file unless the watch folder claimed it already; true when it made one. */
  ingest(watch: TWatchFolderRow, file: TWatchedFile): Promise<boolean>;
  /** Starts the watch folder's next run once the calling one has closed. */
  continueAfter(tenantId: string, watchFolderId: string): Promise<void>;
  /** Wall-clock ms; stability is about real time passing while a file is copied. */
  now?: () => number;
}

/** What tells a rewrite of a file apart: the ETag of an object, or when a local file was last written. */
function watchedFile(entry: TObjectEntry): TWatchedFile {
  const version = entry.etag ? `etag:${entry.etag}` : `mtime:${entry.modifiedAt?.getTime() ?? 0}`;
  return { key: entry.key, size: entry.size, version };
}

/** The watch folder workflow's activities: one poll of the watched location, and the hand-over to a fresh run. */
export function createWatchFolderActivities(deps: WatchFolderActivityDeps): WatchFolderActivities {
  const now = deps.now ?? (() => Date.now());
  return {
    async pollWatchFolder(input): Promise<WatchFolderPollResult | null> {
      const watch = await deps.repos.watchFolders.findById(input.tenantId, input.watchFolderId);
      if (!watch?.enabled) return null;
      const storage = await deps.storages.resolve(input.tenantId, watch.storageId).catch((error: unknown) => {
        throw ApplicationFailure.retryable(`The watched location cannot be reached: ${String(error)}`);
      });
      const listed = await storage.list(watchFolderListPrefix(input.tenantId, watch.subpath));
      const media = listed.filter((entry) => isScannableMedia(entry.key)).map(watchedFile);
      const keys = media.map((file) => file.key);
      // Originals uploaded into this location are items already.
      const stored = new Set(await deps.repos.storageScans.storedOriginals(input.tenantId, watch.storageId, keys));
      const claimed = await deps.repos.watchFolders.claimedFiles(input.tenantId, watch.id, keys);
      const fresh = media.filter(
        (file) =>
          !stored.has(file.key) &&
          !claimed.some((c) => c.key === file.key && c.size === file.size && c.version === file.version),
      );
      const verdict = judgeStability(input.watching, fresh, now(), watch.stableSeconds * 1000);
      let ingested = 0;
      for (const [index, file] of verdict.stable.entries()) {
        currentActivity().heartbeat({ index });
        if (await deps.ingest(watch, file)) ingested += 1;
      }
      return { watching: verdict.watching, waitMs: watch.stableSeconds * 1000, ingested };
    },

    async continueWatchFolder(input): Promise<void> {
      await deps.continueAfter(input.tenantId, input.watchFolderId);
    },
  };
}
