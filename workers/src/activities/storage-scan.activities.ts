import type { Repositories, TStorageScanRow } from '@mam/db';
import {
  ApplicationFailure,
  currentActivity,
  type StorageScanActivities,
  type StorageScanPageResult,
} from '@mam/workflows';
import { sha256File } from '../media';
import { contentTypeOf, type ObjectStorage, type TObjectEntry } from '../storage';

/** A media file found by a scan, with what it is known by. */
export interface TScannedFile {
  key: string;
  size: number;
  fingerprint: string;
  modifiedAt: Date | null;
}

export interface StorageScanActivityDeps {
  repos: Pick<Repositories, 'storageScans'>;
  storages: { resolve(tenantId: string, storageId: string): Promise<ObjectStorage> };
  /** Where files of object storage are hashed when they have no ETag. */
  workDir: string;
  /** Makes an item of the file unless it is known; true when it made one (and handed it to processing). */
  ingest(scan: TStorageScanRow, file: TScannedFile): Promise<boolean>;
  /** Files per page: each page is one activity, recorded once in the run's history. */
  pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 250;
// Scans whose listings are kept at once (scans of different locations run side by side).
const MAX_KEPT_LISTINGS = 8;

/** What the transcode workflow can make an item of: audio, video, images and PDF documents. */
export function isScannableMedia(key: string): boolean {
  const type = contentTypeOf(key);
  if (type === 'application/mxf' || type === 'application/pdf') return true;
  if (type === 'application/vnd.apple.mpegurl' || type === 'video/iso.segment') return false;
  return /^(video|audio|image)\//.test(type);
}

function inRange(entry: TObjectEntry, scan: TStorageScanRow): boolean {
  if (!scan.modifiedFrom && !scan.modifiedTo) return true;
  if (!entry.modifiedAt) return false;
  if (scan.modifiedFrom && entry.modifiedAt < scan.modifiedFrom) return false;
  return !(scan.modifiedTo && entry.modifiedAt > scan.modifiedTo);
}

async function fingerprintOf(storage: ObjectStorage, entry: TObjectEntry, workDir: string): Promise<string> {
  if (entry.etag) return `etag:${entry.etag}`;
  const local = await storage.toLocalFile(entry.key, workDir);
  try {
    return `sha256:${await sha256File(local.path, currentActivity().signal)}`;
  } finally {
    await local.cleanup();
  }
}

/** The storage scan workflow's activities: one page of the location's listing at a time, and the scan's end. */
export function createStorageScanActivities(deps: StorageScanActivityDeps): StorageScanActivities {
  const pageSize = deps.pageSize ?? DEFAULT_PAGE_SIZE;
  // A scan's listing, kept for its next pages: listing a location of ten thousand files once per page of 250 would
  // make a scan quadratic. A process that restarts lists again; files arriving meanwhile are the next scan's.
  const listings = new Map<string, TObjectEntry[]>();
  async function listingOf(input: { tenantId: string; scanId: string; after: string | null }, storage: ObjectStorage) {
    const kept = input.after === null ? undefined : listings.get(input.scanId);
    if (kept) return kept;
    // Locations are shared by tenants; a tenant's files are under its own id.
    const listed = await storage.list(`${input.tenantId}/`);
    if (listings.size >= MAX_KEPT_LISTINGS) listings.delete(listings.keys().next().value!);
    listings.set(input.scanId, listed);
    return listed;
  }
  return {
    async scanStoragePage(input): Promise<StorageScanPageResult> {
      const scan = await deps.repos.storageScans.findById(input.tenantId, input.scanId);
      if (!scan) throw ApplicationFailure.nonRetryable('The storage scan no longer exists.', 'ScanGone');
      const storage = await deps.storages.resolve(input.tenantId, input.storageId);
      const listed = await listingOf(input, storage);
      // The listing is sorted by key, so the key a page ended on is a cursor that survives files coming and going.
      const page = listed.filter((entry) => input.after === null || entry.key > input.after).slice(0, pageSize);
      if (page.length === 0) return { next: null };
      const media = page.filter((entry) => isScannableMedia(entry.key) && inRange(entry, scan));
      // Originals uploaded into this location are items already.
      const stored = new Set(
        await deps.repos.storageScans.storedOriginals(
          input.tenantId,
          input.storageId,
          media.map((entry) => entry.key),
        ),
      );
      const wanted = media.filter((entry) => !stored.has(entry.key));
      const known = await deps.repos.storageScans.knownFiles(
        input.tenantId,
        input.storageId,
        wanted.map((entry) => entry.key),
      );
      let created = 0;
      for (const [index, entry] of wanted.entries()) {
        currentActivity().heartbeat({ index });
        const fingerprint = await fingerprintOf(storage, entry, deps.workDir);
        const same = known.some((k) => k.key === entry.key && k.size === entry.size && k.fingerprint === fingerprint);
        if (same) continue;
        const file = { key: entry.key, size: entry.size, fingerprint, modifiedAt: entry.modifiedAt ?? null };
        if (await deps.ingest(scan, file)) created += 1;
      }
      await deps.repos.storageScans.addCounts(input.tenantId, input.scanId, {
        seen: page.length,
        created,
        skipped: page.length - created,
      });
      return { next: page.at(-1)!.key };
    },

    async finishStorageScan(input): Promise<void> {
      listings.delete(input.scanId);
      await deps.repos.storageScans.finish(
        input.tenantId,
        input.scanId,
        input.error ? 'failed' : 'completed',
        input.error,
      );
    },
  };
}
