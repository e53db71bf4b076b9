import type { TArchiveTransfer } from '@mam/core';
import { ABANDONED_UPLOAD_GRACE_MS } from '@mam/core';
import { cleanupAbandonedUploads, isStorageError, startS3TestServer, type S3TestServer } from '@mam/workers';
import {
  adminActor,
  insertItem,
  s3StorageInput,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../../testing/library-fixtures';

const PART = Buffer.alloc(5 * 1024 * 1024, 7);

/**
 * The cleanup of archive multipart uploads nobody resumes: against s3rver and a real database, an upload of a transfer
 * failed past the grace period is judged abandoned and its abort asked of the storage; one within grace, one of a running
 * transfer, and another tenant's are left alone.
 */
describe('abandoned archive upload cleanup', () => {
  let lib: TTwoTenantLibrary;
  let s3: S3TestServer;
  const archiveIds: Record<string, string> = {};

  beforeAll(async () => {
    s3 = await startS3TestServer({ buckets: ['archive'] });
    lib = await twoTenantLibrary('pglite');
    for (const tenant of [lib.alpha, lib.bravo]) {
      const created = await lib.t.services.storages.create(
        await adminActor(lib.t, tenant),
        s3StorageInput('Cloud archive', { endpoint: s3.endpoint, credentials: s3.credentials }, 'archive', ['archive']),
        null,
      );
      archiveIds[tenant.tenant.id] = created.id;
    }
  }, 120_000);
  afterAll(async () => {
    await lib?.t.dispose();
    await s3?.close();
  });

  const repos = () => lib.t.services.deps.repos;
  const storages = () => lib.t.services.storages;

  /** An item whose archive transfer is in `state`, with one part of its multipart upload stored and recorded. */
  async function uploadOf(tenant: TTwoTenantLibrary['alpha'], title: string, state: TArchiveTransfer['state']) {
    const tenantId = tenant.tenant.id;
    const storageId = archiveIds[tenantId]!;
    const item = await insertItem(lib.t, tenant, { title, folderId: null, ownerId: null });
    const versionId = item.leadingVersionId!;
    const key = `${tenantId}/items/${item.id}/${versionId}/original`;
    const storage = await storages().resolve(tenantId, storageId);
    const uploadId = await storage.multipart!.create(key);
    const { etag } = await storage.multipart!.uploadPart(key, uploadId, 1, PART);
    const target = { tenantId, versionId, storageId, key };
    await repos().archiveUploads.begin(target, { uploadId, partSize: PART.length, size: 3 * PART.length });
    await repos().archiveUploads.addPart(target, uploadId, { partNumber: 1, etag, md5: etag, size: PART.length });
    const transfer: TArchiveTransfer = {
      state,
      direction: 'archive',
      error: state === 'ERROR' ? 'archive.copyFailed' : null,
      enabled: state === 'ERROR',
      storageId,
      bytesDone: PART.length,
      bytesTotal: 3 * PART.length,
      files: [
        {
          versionId,
          key,
          fromStorageId: 'online',
          toStorageId: storageId,
          size: 3 * PART.length,
          sha256: null,
          done: false,
        },
      ],
    };
    await repos().items.update(tenantId, item.id, { archiveTransfer: transfer });
    return { tenantId, storageId, key, uploadId, target };
  }

  /** Whether the storage still holds the upload: an aborted one answers NoSuchUpload when its parts are listed. */
  async function held(u: { tenantId: string; storageId: string; key: string; uploadId: string }) {
    const storage = await storages().resolve(u.tenantId, u.storageId);
    try {
      await storage.multipart!.listParts(u.key, u.uploadId);
      return true;
    } catch (error) {
      if (isStorageError(error) && error.reason === 'not_found') return false;
      throw error;
    }
  }

  it('gives up only the failed transfer’s upload past grace, per tenant, and keeps a refused one for the next round', async () => {
    const failed = await uploadOf(lib.alpha, 'failed', 'ERROR');
    const running = await uploadOf(lib.alpha, 'running', 'PROGRESSING');
    const bravoFailed = await uploadOf(lib.bravo, 'bravo failed', 'ERROR');
    const deps = { repos: repos(), storages: storages() };
    const aborted: string[] = [];
    const onAborted = (e: { uploadId: string }) => void aborted.push(e.uploadId);

    // Within grace nothing goes.
    const soon = () => new Date(Date.now() + ABANDONED_UPLOAD_GRACE_MS - 60_000);
    expect(await cleanupAbandonedUploads({ ...deps, clock: soon, onAborted }, lib.alpha.tenant.id)).toEqual({
      aborted: 0,
      kept: 2,
      failed: 0,
    });
    expect(await held(failed)).toBe(true);

    // Past grace, bravo's round touches only bravo's upload. s3rver answers AbortMultipartUpload with
    // MethodNotAllowed, so here the abort is refused: the record must stay for the next round, and it is reported.
    const later = () => new Date(Date.now() + ABANDONED_UPLOAD_GRACE_MS + 60_000);
    const refused: string[] = [];
    const onAbortFailed = (e: { uploadId: string }) => void refused.push(e.uploadId);
    expect(
      await cleanupAbandonedUploads({ ...deps, clock: later, onAborted, onAbortFailed }, lib.bravo.tenant.id),
    ).toEqual({ aborted: 0, kept: 0, failed: 1 });
    expect(refused).toEqual([bravoFailed.uploadId]);
    expect(await repos().archiveUploads.find(bravoFailed.target)).toBeDefined();
    expect(await held(failed)).toBe(true);
    expect(await repos().archiveUploads.find(failed.target)).toBeDefined();

    // Alpha's round judges the failed one abandoned and keeps the running one.
    expect(
      await cleanupAbandonedUploads({ ...deps, clock: later, onAborted, onAbortFailed }, lib.alpha.tenant.id),
    ).toEqual({ aborted: 0, kept: 1, failed: 1 });
    expect(refused).toEqual([bravoFailed.uploadId, failed.uploadId]);
    expect(aborted).toEqual([]);
    expect(await held(running)).toBe(true);
    expect(await repos().archiveUploads.find(running.target)).toBeDefined();
  }, 120_000);
});
