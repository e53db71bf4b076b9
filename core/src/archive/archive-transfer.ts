import type { ProcessState } from '../items/item-types';

/** The two archive action types (spec section 4). */
export const archiveDirections = ['archive', 'unarchive'] as const;
export type TArchiveDirection = (typeof archiveDirections)[number];

/** One version's original on its way: where it was, where it goes, and what is known of it. */
export interface TArchiveTransferFile {
  versionId: string;
  key: string;
  fromStorageId: string;
  toStorageId: string;
  size: number;
  /** SHA-256 computed while the copy streamed, then compared with the stored object; null until then. */
  sha256: string | null;
  /** The copy is verified and the version now points at it. */
  done: boolean;
}

/**
 * The item's archive file transfer (spec sections 3 and 4): INITIATED (shown as pending), PROGRESSING with bytes,
 * COMPLETE or ERROR; `enabled` says the user may retry a failed one.
 */
export interface TArchiveTransfer {
  state: ProcessState;
  direction: TArchiveDirection;
  error: string | null;
  enabled: boolean;
  storageId: string;
  bytesDone: number;
  bytesTotal: number;
  files: TArchiveTransferFile[];
  /**
   * An unarchive from a cold location: the restore asked for, and when its media is expected to be readable (ISO
   * time; null while not yet asked or when the storage cannot say). While it waits the state stays INITIATED.
   */
  restore?: TColdRestore | null;
  /** The archive side of the transfer is a cold location: once archived, the media comes back by a restore. */
  coldStorage?: boolean;
}

/** The two speeds of a cold restore: the standard tier (hours) or the expedited one (minutes). */
export const restoreTiers = ['express', 'standard'] as const;
export type TRestoreTier = (typeof restoreTiers)[number];

export interface TColdRestore {
  tier: TRestoreTier;
  requestedAt: string;
  readyAt: string | null;
  /** The cold location was asked and the media is readable there now; the copy back online is next. */
  ready: boolean;
}

/**
 * A request joining a running restore: a faster tier upgrades it, a slower or equal one just joins (null).
 * The media can only get readable sooner, so the new ready time is the earlier of the current one and
 * now plus the express delay; an unknown current ready time (S3 has not said yet) takes the express estimate.
 */
export function upgradedColdRestore(
  current: TColdRestore,
  requestedTier: TRestoreTier,
  now: Date,
  expressDelayMs: number,
): TColdRestore | null {
  if (current.ready || requestedTier !== 'express' || current.tier === 'express') return null;
  const expressReadyAt = now.getTime() + expressDelayMs;
  const currentReadyAt = current.readyAt === null ? Number.POSITIVE_INFINITY : Date.parse(current.readyAt);
  return { ...current, tier: 'express', readyAt: new Date(Math.min(currentReadyAt, expressReadyAt)).toISOString() };
}

/** The transfer as the item JSON carries it. */
export interface TArchiveTransferView {
  state: ProcessState;
  direction: TArchiveDirection;
  error: string | null;
  enabled: boolean;
  bytesDone: number;
  bytesTotal: number;
  percent: number;
  /** A cold restore's tier and expected ready time; null for a plain archive or unarchive. */
  restore: { tier: TRestoreTier; readyAt: string | null; ready: boolean } | null;
  coldStorage: boolean;
}

export function archiveTransferView(transfer: TArchiveTransfer | null): TArchiveTransferView | null {
  if (!transfer) return null;
  const percent = transfer.bytesTotal > 0 ? Math.floor((transfer.bytesDone / transfer.bytesTotal) * 100) : 0;
  return {
    state: transfer.state,
    direction: transfer.direction,
    error: transfer.error,
    enabled: transfer.enabled,
    bytesDone: transfer.bytesDone,
    bytesTotal: transfer.bytesTotal,
    percent: transfer.state === 'COMPLETE' ? 100 : Math.min(99, percent),
    restore: transfer.restore
      ? { tier: transfer.restore.tier, readyAt: transfer.restore.readyAt, ready: transfer.restore.ready }
      : null,
    coldStorage: transfer.coldStorage ?? false,
  };
}

/** A transfer that is queued or copying: a second archive or unarchive of the item waits for it. */
export function archiveTransferRunning(transfer: TArchiveTransfer | null): boolean {
  return transfer?.state === 'INITIATED' || transfer?.state === 'PROGRESSING';
}

/**
 * The spec's archive labels, as locale keys under `archive.label` ('archivedItem' is shown with the
 * 'inArchiveBucket' sentence beside it).
 */
export type TArchiveLabel = 'archivedItem' | 'pending' | 'inProgress' | 'failed' | 'failedRetry';

/** Which label an item shows, or null when it has nothing to say about archiving. */
export function archiveLabel(isArchived: boolean, transfer: TArchiveTransferView | null): TArchiveLabel | null {
  if (transfer?.state === 'INITIATED') return 'pending';
  if (transfer?.state === 'PROGRESSING') return 'inProgress';
  if (transfer?.state === 'ERROR') return transfer.enabled ? 'failedRetry' : 'failed';
  if (isArchived) return 'archivedItem';
  return null;
}

/**
 * Whether a version's original is in the archive (not online): the item is archived, or an archive under way has
 * already moved this file.
 */
export function isOriginalArchived(isArchived: boolean, transfer: TArchiveTransfer | null, versionId: string): boolean {
  const file = transfer?.files.find((f) => f.versionId === versionId);
  if (transfer?.direction === 'unarchive' && file?.done) return false;
  if (isArchived) return true;
  return transfer?.direction === 'archive' && !!file?.done;
}
