import type { TArchiveTransfer } from '../archive/archive-transfer';
import {
  addLifecycleBatch,
  emptyLifecycleRun,
  lifecycleCutoff,
  lifecycleFolderIds,
  lifecycleSkipReason,
  MAX_LIFECYCLE_RUN_ERRORS,
  ZLifecycleRuleInput,
  type TLifecycleCandidate,
} from './lifecycle-rule.rules';

const now = new Date('2030-06-01T12:00:00Z');
const cutoff = lifecycleCutoff(now, 30);

function candidate(overrides: Partial<TLifecycleCandidate> = {}): TLifecycleCandidate {
  return {
    createdAt: new Date('2030-04-01T00:00:00Z'),
    deletedAt: null,
    isArchived: false,
    archiveTransfer: null,
    versions: [{ uploadState: 'COMPLETE', hasOriginal: true }],
    highresDeletion: null,
    ...overrides,
  };
}

function transfer(state: TArchiveTransfer['state'], direction: TArchiveTransfer['direction']): TArchiveTransfer {
  return { state, direction, error: null, enabled: false, storageId: 's', bytesDone: 0, bytesTotal: 0, files: [] };
}

describe('lifecycle rule selection', () => {
  it('counts the age in whole days back from now', () => {
    expect(cutoff.toISOString()).toBe('2030-05-02T12:00:00.000Z');
    expect(lifecycleCutoff(now, 0).toISOString()).toBe(now.toISOString());
  });

  it('takes the folder alone, or the folder and everything below it', () => {
    const folders = [
      { id: 'root', parentId: null },
      { id: 'news', parentId: 'root' },
      { id: 'local', parentId: 'news' },
      { id: 'street', parentId: 'local' },
      { id: 'sports', parentId: 'root' },
    ];
    expect(lifecycleFolderIds(folders, 'news', false)).toEqual(['news']);
    expect(lifecycleFolderIds(folders, 'news', true).sort()).toEqual(['local', 'news', 'street']);
    expect(lifecycleFolderIds(folders, 'root', true)).toHaveLength(5);
  });

  it('applies both actions to an old, finished item with its high res', () => {
    expect(lifecycleSkipReason('archive', candidate(), cutoff)).toBeNull();
    expect(lifecycleSkipReason('highres-deletion', candidate(), cutoff)).toBeNull();
  });

  it.each<[string, Partial<TLifecycleCandidate>, string]>([
    ['younger than the age', { createdAt: new Date('2030-05-20T00:00:00Z') }, 'too-young'],
    ['created exactly at the cutoff', { createdAt: cutoff }, 'too-young'],
    ['in the recycle bin', { deletedAt: now }, 'deleted'],
    [
      'a live recording still in progress',
      { versions: [{ uploadState: 'PROGRESSING', hasOriginal: false }] },
      'in-progress',
    ],
    [
      'a second version still uploading',
      {
        versions: [
          { uploadState: 'COMPLETE', hasOriginal: true },
          { uploadState: 'INITIATED', hasOriginal: false },
        ],
      },
      'in-progress',
    ],
    ['already transferring', { archiveTransfer: transfer('PROGRESSING', 'archive') }, 'transferring'],
    ['waiting for its transfer to start', { archiveTransfer: transfer('INITIATED', 'unarchive') }, 'transferring'],
    ['without a high res', { versions: [{ uploadState: 'COMPLETE', hasOriginal: false }] }, 'no-highres'],
  ])('leaves an item alone when it is %s', (_case, overrides, reason) => {
    expect(lifecycleSkipReason('archive', candidate(overrides), cutoff)).toBe(reason);
    expect(lifecycleSkipReason('highres-deletion', candidate(overrides), cutoff)).toBe(reason);
  });

  it('does not archive an archived item, nor one a user brought back', () => {
    expect(lifecycleSkipReason('archive', candidate({ isArchived: true }), cutoff)).toBe('archived');
    const back = candidate({ archiveTransfer: transfer('COMPLETE', 'unarchive') });
    expect(lifecycleSkipReason('archive', back, cutoff)).toBe('unarchived-by-hand');
    // A failed archive is tried again by the next run (the service resumes it).
    expect(
      lifecycleSkipReason('archive', candidate({ archiveTransfer: transfer('ERROR', 'archive') }), cutoff),
    ).toBeNull();
  });

  it('does not schedule a deletion already known, even one called off by hand', () => {
    for (const state of ['scheduled', 'deleting', 'deleted', 'cancelled'] as const) {
      expect(lifecycleSkipReason('highres-deletion', candidate({ highresDeletion: state }), cutoff)).toBe(
        'deletion-known',
      );
    }
    // An archived item's high res may still be deleted by a deletion rule.
    expect(lifecycleSkipReason('highres-deletion', candidate({ isArchived: true }), cutoff)).toBeNull();
  });
});

describe('lifecycle run results', () => {
  it('adds batches and keeps the first refusals only', () => {
    const refusals = Array.from({ length: MAX_LIFECYCLE_RUN_ERRORS + 5 }, (_, i) => ({
      itemId: `i${i}`,
      ok: false,
      code: 'ITEM_HAS_NO_MEDIA',
      message: 'No media',
    }));
    let run = addLifecycleBatch(emptyLifecycleRun(), {
      matched: 4,
      skipped: 1,
      results: [
        { itemId: 'a', ok: true },
        { itemId: 'b', ok: true },
        { itemId: 'c', ok: false, code: 'ARCHIVE_TRANSFER_RUNNING', message: 'Running' },
      ],
    });
    expect(run).toEqual({
      matched: 4,
      applied: 2,
      skipped: 1,
      failed: 1,
      errors: [{ itemId: 'c', code: 'ARCHIVE_TRANSFER_RUNNING', message: 'Running' }],
    });
    run = addLifecycleBatch(run, { matched: refusals.length, skipped: 0, results: refusals });
    expect(run.failed).toBe(1 + refusals.length);
    expect(run.errors).toHaveLength(MAX_LIFECYCLE_RUN_ERRORS);
    expect(run.errors[1]!.itemId).toBe('i0');
  });
});

describe('lifecycle rule input', () => {
  const base = { name: ' News ', action: 'archive', folderId: '7f1d4a52-1c5b-4b7e-9a3e-2f9a4d6c8b10', ageDays: 30 };

  it('fills the defaults and trims the name', () => {
    expect(ZLifecycleRuleInput.parse(base)).toEqual({
      ...base,
      name: 'News',
      includeSubfolders: true,
      storageId: null,
      enabled: true,
    });
  });

  it.each([{ ageDays: -1 }, { ageDays: 1.5 }, { name: '   ' }, { action: 'delete' }, { folderId: 'news' }])(
    'refuses %p',
    (change) => {
      expect(ZLifecycleRuleInput.safeParse({ ...base, ...change }).success).toBe(false);
    },
  );
});
