import type { TArchiveDirection, TRestoreTier } from '@mam/core';

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

/** A restore from a cold location: an unarchive that first asks the location for a readable copy and waits. */
export interface RestoreInput extends ArchiveInput {
  tier: TRestoreTier;
}

/** Whether the cold copies are readable, and how long the workflow sleeps before it asks again. */
export interface TColdRestoreCheck {
  ready: boolean;
  waitMs: number;
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
  /**
   * Asks the cold location for a readable copy of every file still to move (asking again keeps the first request)
   * and records the tier and expected ready time on the item's transfer, which shows as pending meanwhile.
   */
  requestColdRestore(step: ArchiveStep & { tier: TRestoreTier }): Promise<TColdRestoreCheck>;
  /** Asks the cold location whether every file is readable; when so, the transfer moves on to copying. */
  checkColdRestore(step: ArchiveStep): Promise<TColdRestoreCheck>;
}
