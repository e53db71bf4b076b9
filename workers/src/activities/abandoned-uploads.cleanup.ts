import { abandonedUploadReason, type TAbandonedReason } from '@mam/core';
import type { Repositories } from '@mam/db';
import type { ObjectStorage } from '../storage';

export interface AbandonedUploadCleanupDeps {
  repos: Repositories;
  storages: { resolve(tenantId: string, storageId: string): Promise<ObjectStorage> };
  /** The time the grace period is measured against; tests move it past the grace. */
  clock?: () => Date;
  /** Told of an abort the storage refused; the record stays for the next round. */
  onAbortFailed?(event: { tenantId: string; uploadId: string; key: string; error: unknown }): void;
  /** Told of each upload aborted (ids and key only: nothing secret). */
  onAborted?(event: {
    tenantId: string;
    versionId: string;
    storageId: string;
    key: string;
    uploadId: string;
    reason: TAbandonedReason;
  }): void;
}

/**
 * Aborts the tenant's archive multipart uploads nobody can resume any more (abandonedUploadReason) and drops their
 * records, so their parts stop being billed in the customer's bucket. An abort the storage answers with NoSuchUpload
 * counts as done (the storage's abort swallows it); one that fails otherwise keeps its record for the next round.
 */
export async function cleanupAbandonedUploads(
  deps: AbandonedUploadCleanupDeps,
  tenantId: string,
): Promise<{ aborted: number; kept: number; failed: number }> {
  const now = (deps.clock ?? (() => new Date()))();
  const result = { aborted: 0, kept: 0, failed: 0 };
  for (const upload of await deps.repos.archiveUploads.listForTenant(tenantId)) {
    const version = await deps.repos.items.findVersion(tenantId, upload.versionId);
    const item = version ? await deps.repos.items.findById(tenantId, version.itemId) : undefined;
    const reason = abandonedUploadReason(
      upload,
      { item: item && !item.deletedAt ? item : null, versionExists: Boolean(version) },
      now,
    );
    if (!reason) {
      result.kept += 1;
      continue;
    }
    try {
      const storage = await deps.storages.resolve(tenantId, upload.storageId);
      await storage.multipart?.abort(upload.key, upload.uploadId);
    } catch (error) {
      deps.onAbortFailed?.({ tenantId, uploadId: upload.uploadId, key: upload.key, error });
      result.failed += 1;
      continue;
    }
    await deps.repos.archiveUploads.removeUpload(tenantId, upload.id, upload.uploadId);
    result.aborted += 1;
    deps.onAborted?.({
      tenantId,
      versionId: upload.versionId,
      storageId: upload.storageId,
      key: upload.key,
      uploadId: upload.uploadId,
      reason,
    });
  }
  return result;
}
