/** One scan of a storage location: the `storage_scan` row it reports to and what it was asked for. */
export interface StorageScanInput {
  tenantId: string;
  scanId: string;
  storageId: string;
}

/** A page of the listing, after the last key the previous page ended on (null: from the start). */
export interface StorageScanPageInput extends StorageScanInput {
  after: string | null;
}

export interface StorageScanPageResult {
  /** The last key this page covered; null when the listing is exhausted. */
  next: string | null;
}

/**
 * The storage scan's activities, implemented in @mam/workers. A page is idempotent: files it already made items of
 * are known by then, so running it again after a crash creates nothing twice.
 */
export interface StorageScanActivities {
  scanStoragePage(input: StorageScanPageInput): Promise<StorageScanPageResult>;
  finishStorageScan(input: StorageScanInput & { error: string | null }): Promise<void>;
}
