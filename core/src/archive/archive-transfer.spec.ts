import {
  archiveLabel,
  archiveTransferView,
  isOriginalArchived,
  type TArchiveTransfer,
  type TArchiveTransferFile,
} from './archive-transfer';

const file = (versionId: string, done: boolean): TArchiveTransferFile => ({
  versionId,
  key: `t/items/i/${versionId}/original`,
  fromStorageId: 'online',
  toStorageId: 'archive',
  size: 100,
  sha256: null,
  done,
});

const transfer = (patch: Partial<TArchiveTransfer>): TArchiveTransfer => ({
  state: 'PROGRESSING',
  direction: 'archive',
  error: null,
  enabled: false,
  storageId: 'archive',
  bytesDone: 150,
  bytesTotal: 200,
  files: [file('v1', true), file('v2', false)],
  ...patch,
});

describe('archive file transfer', () => {
  it('shows progress in whole percent, 100 only when complete', () => {
    expect(archiveTransferView(transfer({}))?.percent).toBe(75);
    expect(archiveTransferView(transfer({ bytesDone: 200 }))?.percent).toBe(99);
    expect(archiveTransferView(transfer({ state: 'COMPLETE', bytesDone: 200 }))?.percent).toBe(100);
    expect(archiveTransferView(transfer({ bytesTotal: 0, bytesDone: 0 }))?.percent).toBe(0);
    expect(archiveTransferView(null)).toBeNull();
  });

  it("labels the item with the spec's states", () => {
    const view = (patch: Partial<TArchiveTransfer>) => archiveTransferView(transfer(patch));
    expect(archiveLabel(false, view({ state: 'INITIATED' }))).toBe('pending');
    expect(archiveLabel(false, view({}))).toBe('inProgress');
    expect(archiveLabel(false, view({ state: 'ERROR', enabled: true }))).toBe('failedRetry');
    expect(archiveLabel(false, view({ state: 'ERROR', enabled: false }))).toBe('failed');
    expect(archiveLabel(true, view({ state: 'COMPLETE' }))).toBe('archivedItem');
    expect(archiveLabel(false, view({ state: 'COMPLETE', direction: 'unarchive' }))).toBeNull();
    expect(archiveLabel(false, null)).toBeNull();
  });

  it('shows a cold restore pending with its tier and expected time, and whether the archive side is cold', () => {
    const restore = { tier: 'express' as const, requestedAt: '2030-01-01T00:00:00Z', readyAt: '2030-01-01T00:05:00Z' };
    const waiting = archiveTransferView(
      transfer({
        state: 'INITIATED',
        direction: 'unarchive',
        coldStorage: true,
        restore: { ...restore, ready: false },
      }),
    );
    expect(waiting).toMatchObject({
      state: 'INITIATED',
      coldStorage: true,
      restore: { tier: 'express', readyAt: '2030-01-01T00:05:00Z', ready: false },
    });
    expect(archiveLabel(true, waiting)).toBe('pending');
    // Transfers recorded before cold storage existed read as plain archive transfers.
    expect(archiveTransferView(transfer({}))).toMatchObject({ restore: null, coldStorage: false });
  });

  it('knows which originals are in the archive while a transfer moves them', () => {
    const archiving = transfer({});
    expect(isOriginalArchived(false, archiving, 'v1')).toBe(true);
    expect(isOriginalArchived(false, archiving, 'v2')).toBe(false);
    const unarchiving = transfer({ direction: 'unarchive' });
    expect(isOriginalArchived(true, unarchiving, 'v1')).toBe(false);
    expect(isOriginalArchived(true, unarchiving, 'v2')).toBe(true);
    expect(isOriginalArchived(false, null, 'v1')).toBe(false);
  });
});
