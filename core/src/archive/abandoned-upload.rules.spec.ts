import { ABANDONED_UPLOAD_GRACE_MS, abandonedUploadReason, type TRecordedUpload } from './abandoned-upload.rules';
import type { TArchiveTransfer } from './archive-transfer';

const updatedAt = new Date('2026-11-01T00:00:00Z');
const upload: TRecordedUpload = { versionId: 'v1', storageId: 'archive', key: 't/items/i/v1/original', updatedAt };

const transfer = (patch: Partial<TArchiveTransfer>, done = false): TArchiveTransfer => ({
  state: 'ERROR',
  direction: 'archive',
  error: 'archive.copyFailed',
  enabled: true,
  storageId: 'archive',
  bytesDone: 50,
  bytesTotal: 100,
  files: [
    {
      versionId: 'v1',
      key: upload.key,
      fromStorageId: 'online',
      toStorageId: 'archive',
      size: 100,
      sha256: null,
      done,
    },
  ],
  ...patch,
});
const owner = (t: TArchiveTransfer | null) => ({ item: { archiveTransfer: t }, versionExists: true });
const after = (ms: number) => new Date(updatedAt.getTime() + ms);

describe('abandonedUploadReason', () => {
  it('keeps a failed transfer’s upload within the grace period and gives it up from its end', () => {
    expect(abandonedUploadReason(upload, owner(transfer({})), after(ABANDONED_UPLOAD_GRACE_MS - 1))).toBeNull();
    expect(abandonedUploadReason(upload, owner(transfer({})), after(ABANDONED_UPLOAD_GRACE_MS))).toBe(
      'failedPastGrace',
    );
  });

  it('never gives up an upload while a transfer runs, however old', () => {
    for (const state of ['INITIATED', 'PROGRESSING'] as const) {
      expect(abandonedUploadReason(upload, owner(transfer({ state })), after(100 * ABANDONED_UPLOAD_GRACE_MS))).toBe(
        null,
      );
    }
  });

  it('gives up at once the upload of a deleted item or version', () => {
    expect(abandonedUploadReason(upload, { item: null, versionExists: false }, after(0))).toBe('deleted');
    expect(abandonedUploadReason(upload, { ...owner(transfer({})), versionExists: false }, after(0))).toBe('deleted');
  });

  it('gives up at once an upload left behind by a completed or superseded transfer', () => {
    expect(abandonedUploadReason(upload, owner(transfer({ state: 'COMPLETE' })), after(0))).toBe('completed');
    expect(abandonedUploadReason(upload, owner(transfer({}, true)), after(0))).toBe('completed');
    expect(abandonedUploadReason(upload, owner(null), after(0))).toBe('superseded');
    expect(abandonedUploadReason(upload, owner(transfer({ files: [] })), after(0))).toBe('superseded');
    const elsewhere = transfer({ state: 'ERROR' });
    elsewhere.files[0]!.toStorageId = 'other';
    expect(abandonedUploadReason(upload, owner(elsewhere), after(0))).toBe('superseded');
  });
});
