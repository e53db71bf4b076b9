/** One send of an item's high resolution (its current version's original) to another storage location. */
export interface SendToStorageInput {
  tenantId: string;
  itemId: string;
  /** The version whose original is sent: the item's current one when it was asked for. */
  versionId: string;
  /** The target location: an export location of the tenant's, checked by the service. */
  storageId: string;
  /** The safe file name the service made of the title and the original's extension (core's sendToStorageFileName). */
  fileName: string;
  /** The tenant's maximum export file-name length, which a numbered name (`name (2).ext`) keeps to as well. */
  maxFileNameLength: number;
  /** Who asked, for the audit trail. */
  userId: string | null;
}

/** Where the file went: the name chosen (numbered when the first was taken) and what was verified. */
export interface SendToStoragePlan {
  /** The file's name: the service's, or `name (n).ext` when that was taken. */
  fileName: string;
  /** Its key in the target location: `<tenantId>/<fileName>` (every location keeps a tenant's files under its id). */
  key: string;
  /** The original's size in bytes, for progress. */
  bytesTotal: number;
}

export interface SendToStorageResult {
  storageId: string;
  fileName: string;
  key: string;
  size: number;
  /** SHA-256 computed while the copy streamed and compared with the stored copy read back. */
  sha256: string;
}

/** What the copy heartbeats: progress callers read from the run's pending activity. */
export interface SendToStorageProgress {
  bytesDone: number;
  bytesTotal: number;
}

/**
 * The activities of the send-to-storage workflow, implemented in @mam/workers. The name is chosen once (planned,
 * so kept in the run's history): a retried copy writes to the name its run chose and never takes another.
 */
export interface SendToStorageActivities {
  /** Checks the original is still there and chooses a free name in the target: never an existing file's. */
  planSendToStorage(input: SendToStorageInput): Promise<SendToStoragePlan>;
  /** Streams the original to `key` while hashing it and verifies the stored copy, heartbeating the bytes. */
  copyToStorage(input: SendToStorageInput & SendToStoragePlan): Promise<SendToStorageResult>;
  /** The audit trail's `item.sent_to_storage`. */
  completeSendToStorage(input: SendToStorageInput & SendToStorageResult): Promise<void>;
}
