import type { TArchiveDirection } from '@mam/core';

/** One archive or unarchive run of an item's high resolution. */
export interface ArchiveInput {
  tenantId: string;
  itemId: string;
  /** The archive location the service chose (archive) or the online one the media returns to (unarchive). */
  storageId: string;
  /** Who asked, for the notification and the audit trail; null for system rules. */
  userId: string | null;
}

export interface ArchiveStep extends ArchiveInput {
  direction: TArchiveDirection;
}

/**
 * The activities of the archive workflows, implemented in @mam/workers. Each is idempotent and keyed on the item's
 * recorded transfer, so an attempt after a crash carries on where the last one stopped and never copies a finished
 * file again.
 */
export interface ArchiveActivities {
  /** Records which versions' originals move where (kept when resuming) and marks the transfer PROGRESSING. */
  planArchiveTransfer(step: ArchiveStep): Promise<{ versionIds: string[] }>;
  /**
   * Copies one original to its target while hashing it, verifies the stored copy, points the version at it and
   * only then deletes the source.
   */
  transferArchiveFile(step: ArchiveStep & { versionId: string }): Promise<void>;
  completeArchiveTransfer(step: ArchiveStep): Promise<void>;
  /** ERROR with the reason; the source copies are untouched, and the user may retry. */
  failArchiveTransfer(step: ArchiveStep & { message: string }): Promise<void>;
}
