import { archiveTransferRunning, type TArchiveTransfer } from './archive-transfer';

/**
 * How long a failed archive transfer's multipart upload is kept for a Retry to resume from. The parts sit in the
 * customer's bucket, billed and invisible to them, so they cannot stay forever; a week covers a failure over a long
 * weekend or holiday noticed and retried by hand, after which sending the file again costs less than keeping it.
 */
export const ABANDONED_UPLOAD_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** One recorded multipart upload of an archive copy, as the cleanup judges it. */
export interface TRecordedUpload {
  versionId: string;
  storageId: string;
  key: string;
  /** The last time an attempt began the upload or stored a part of it. */
  updatedAt: Date;
}

/** What the upload's item holds now; `item: null` when the item is gone, `versionExists: false` when its version is. */
export interface TUploadOwner {
  item: { archiveTransfer: TArchiveTransfer | null } | null;
  versionExists: boolean;
}

export type TAbandonedReason = 'deleted' | 'superseded' | 'completed' | 'failedPastGrace';

/**
 * Why nobody can resume the upload any more (abort it and drop its record), or null while a running transfer or a
 * Retry within the grace period may still send its missing parts.
 */
export function abandonedUploadReason(
  upload: TRecordedUpload,
  owner: TUploadOwner,
  now: Date,
  graceMs: number = ABANDONED_UPLOAD_GRACE_MS,
): TAbandonedReason | null {
  if (!owner.item || !owner.versionExists) return 'deleted';
  const transfer = owner.item.archiveTransfer;
  // A running transfer may be the one about to resume it, whatever else it copies: never pull parts from under it.
  if (archiveTransferRunning(transfer)) return null;
  const file = transfer?.files.find(
    (f) => f.versionId === upload.versionId && f.toStorageId === upload.storageId && f.key === upload.key,
  );
  if (!transfer || !file) return 'superseded';
  if (file.done || transfer.state === 'COMPLETE') return 'completed';
  if (now.getTime() - upload.updatedAt.getTime() >= graceMs) return 'failedPastGrace';
  return null;
}
