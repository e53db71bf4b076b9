import path from 'node:path';
import {
  AppError,
  assertValidText,
  blockedExtensionOf,
  can,
  canUpdate,
  canView,
  initiatedProcess,
  parseTenantConfig,
  toAppIssues,
  uploadAllowance,
  uploadRefusal,
  type TTenantConfig,
  type UploadLimits,
  type AuditAction,
} from '@mam/core';
import { inTransaction, type Repositories, type TTenantRow, type TItemVersionRow } from '@mam/db';
import { z } from 'zod';
import type { AuthedActor } from '../actor.service';
import type { createAuditService } from '../audit.service';
import type { ItemMetadataService } from '../metadata/item-metadata.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { refuseVersioningVirtualClip } from '../sequences/virtual-clip.service';
import { liveItemOrNotFound } from './live-item';
import { removePartialUpload } from './partial-upload-file';
import { defaultUploadFolder } from './upload-folder.service';

export interface BeginUploadInput {
  fileName: string;
  title?: string;
  folderId?: string;
  /** Upload a new version of this item instead of a new item. */
  itemId?: string;
  size: number | null;
  /** Values of the upload view of a form, for a new item. */
  metadata?: { formId: string; values: Record<string, unknown> };
}

/**
 * What tus headers and Upload-Metadata carry unchecked: ids the database can look up and a size it can store (a
 * 30-digit Upload-Length is digits too).
 */
const ZUploadRequestShape = z.object({
  folderId: z.uuid().optional(),
  itemId: z.uuid().optional(),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
});

function assertUploadShape(
  input: Pick<BeginUploadInput, 'fileName' | 'title' | 'folderId' | 'itemId' | 'size' | 'metadata'>,
  contributorName?: string,
): void {
  // Upload-Metadata is base64: the request hook never sees these as text.
  assertValidText({
    uploadMetadata: { filename: input.fileName, title: input.title, name: contributorName, values: input.metadata },
  });
  const parsed = ZUploadRequestShape.safeParse({ folderId: input.folderId, itemId: input.itemId, size: input.size });
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', { issues: toAppIssues(parsed.error, 'VALIDATION_FAILED') });
}

/** Who sent a file through an upload request: the request and the name the contributor gave. */
export interface TUploadVia {
  requestId: string;
  requestTitle: string;
  contributorName: string;
}

export interface UploadTarget {
  itemId: string;
  versionId: string;
  operationId: string;
}

/** A broadcast master (hours of UHD ProRes or uncompressed) runs to hundreds of GiB; more is set by the operator. */
export const DEFAULT_MAX_UPLOAD_BYTES = 1024 ** 4;

/** UPLOAD_ABANDONED_HOURS when unset: a day covers a tab left open overnight on a slow link before its first byte. */
export const DEFAULT_UPLOAD_ABANDONED_HOURS = 24;

export type TDiscardReason = 'cancelled' | 'expired' | 'abandoned';

const DISCARD_ACTIONS: Record<TDiscardReason, AuditAction> = {
  cancelled: 'item.uploadCancelled',
  expired: 'item.uploadExpired',
  abandoned: 'item.uploadAbandoned',
};
const DISCARD_SUMMARIES: Record<TDiscardReason, string> = {
  cancelled: 'Upload cancelled',
  expired: 'Upload expired before it was complete',
  abandoned: 'Upload abandoned before its first byte',
};
const DISCARD_ERRORS: Record<TDiscardReason, string | null> = {
  cancelled: null,
  expired: 'The upload expired before it was complete.',
  abandoned: 'The upload received no data and was cleaned up.',
};

/** File names arrive from browsers and API clients: keep them printable, short and free of path parts. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(-255) || 'upload';
}

export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim() || fileName;
}

/**
 * The item side of a tus upload: the item exists (state uploading) from the moment the upload is created, its
 * progress follows the bytes received, and only a complete upload is handed to processing.
 */
export function createUploadService(
  deps: ServiceDeps,
  audit: ReturnType<typeof createAuditService>,
  metadata: Pick<ItemMetadataService, 'prepareForNewItem' | 'storeForNewItem'>,
) {
  const { repos } = deps;
  const maxUploadBytes = deps.config.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const abandonedHours = deps.config.uploadAbandonedHours ?? DEFAULT_UPLOAD_ABANDONED_HOURS;
  const uploadsDir = path.join(deps.config.dataDir, 'uploads');

  async function limitsOf(
    tenantId: string,
    config: TTenantConfig,
    except?: string,
    from: Repositories = repos,
  ): Promise<UploadLimits> {
    const quotaBytes = config.storageQuotaBytes;
    // Summing the tenant's files is only worth it when there is a quota to hold them against.
    const usedBytes = quotaBytes === null ? 0 : await from.items.storedBytes(tenantId, except);
    return { maxUploadBytes, quotaBytes, usedBytes };
  }

  /** Refuses an upload over the file limit or the tenant's quota before anything is written. */
  async function assertWithinLimits(tenantId: string, config: TTenantConfig, size: number | null): Promise<void> {
    const refusal = uploadRefusal(size, await limitsOf(tenantId, config));
    if (refusal) throw refusal;
  }

  /**
   * Reserves the declared size within the quota for the upload the transaction is about to create: its version,
   * in progress, counts its declared length as stored until it completes (settled to the real size) or is
   * discarded (released). The tenant row stays locked until the transaction ends, so concurrent uploads are
   * judged one after the other against what the earlier ones reserved, never all against the same free space.
   */
  async function reserve(tx: Repositories, tenantId: string, config: TTenantConfig, size: number | null) {
    if (config.storageQuotaBytes === null) return;
    await tx.tenants.lockForUpdate(tenantId);
    const refusal = uploadRefusal(size, await limitsOf(tenantId, config, undefined, tx));
    if (refusal) throw refusal;
  }

  async function targetFolderId(actor: AuthedActor, folderId: string | undefined): Promise<string> {
    if (!folderId) return (await defaultUploadFolder(repos, actor)).folder.id;
    const folder = await repos.folders.findById(actor.tenantId, folderId);
    if (!folder) throw new AppError('NOT_FOUND');
    const access = { ...folder, createdBy: folder.ownerId };
    if (!canView(actor, access)) throw new AppError('NOT_FOUND');
    if (!canUpdate(actor, access)) throw new AppError('UPLOAD_FORBIDDEN');
    return folder.id;
  }

  /** A new item for an upload; `via` names the upload request and contributor when the file comes through one. */
  async function createItem(
    actor: AuthedActor,
    config: TTenantConfig,
    folderId: string,
    fileName: string,
    input: Pick<BeginUploadInput, 'title' | 'size' | 'metadata'>,
    version: Parameters<typeof repos.items.insertWithVersion>[2],
    via: TUploadVia | null,
  ): Promise<UploadTarget> {
    const title = input.title?.trim() || titleFromFileName(fileName);
    // Checked before anything is written, so a refusal leaves no item behind.
    const prepared = input.metadata ? await metadata.prepareForNewItem(actor, { ...input.metadata, title }) : null;
    return audit.change(
      via ? { tenantId: actor.tenantId } : actor,
      null,
      async (tx) => {
        await reserve(tx, actor.tenantId, config, input.size);
        const created = await tx.items.insertWithVersion(
          actor.tenantId,
          { folderId, title, createdBy: actor.userId, ownerId: actor.userId },
          version,
        );
        await tx.items.updateVersion(actor.tenantId, created.version.id, { uploadId: created.version.id });
        if (via) {
          await tx.uploadRequests.recordFile(actor.tenantId, {
            shareId: via.requestId,
            itemId: created.item.id,
            contributorName: via.contributorName,
            fileName,
          });
        }
        if (prepared) await metadata.storeForNewItem(actor, created.item.id, prepared, tx);
        const operation = await insertOperation(tx, actor, created.item.id, created.version.id, title, input.size);
        return { itemId: created.item.id, versionId: created.version.id, operationId: operation.id };
      },
      (target) => ({
        action: 'item.uploadStarted',
        targetType: 'item',
        targetId: target.itemId,
        subject: [fileName, via?.contributorName, via?.requestTitle].filter(Boolean).join(' · '),
        summary: via
          ? `Started uploading ${fileName}: ${via.contributorName} through upload request ${via.requestTitle}`
          : `Started uploading ${fileName}`,
        details: {
          versionId: target.versionId,
          fileName,
          size: input.size,
          folderId,
          ...(via ? { uploadRequestId: via.requestId, contributor: via.contributorName } : {}),
        },
      }),
    );
  }

  function insertOperation(
    tx: Repositories,
    actor: AuthedActor,
    itemId: string,
    versionId: string,
    title: string,
    size: number | null,
  ) {
    return tx.operations.insert(actor.tenantId, {
      userId: actor.userId,
      kind: 'upload',
      status: 'in_progress',
      itemId,
      versionId,
      title,
      bytesTotal: size,
      bytesDone: 0,
    });
  }

  return {
    /** Checks everything before a byte is accepted: permission, blocked extension, target folder or item. */
    async begin(actor: AuthedActor, tenant: TTenantRow, input: BeginUploadInput): Promise<UploadTarget> {
      assertUploadShape(input);
      const fileName = cleanFileName(input.fileName);
      const config = parseTenantConfig(tenant.config);
      const blocked = blockedExtensionOf(fileName, config.blockedUploadExtensions);
      if (blocked) throw new AppError('EXTENSION_BLOCKED', { params: { suffix: `.${blocked}` } });
      // Refused early without a lock; the reservation in the creating transaction decides.
      await assertWithinLimits(actor.tenantId, config, input.size);
      const upload = { state: 'PROGRESSING' as const, receivedBytes: 0, totalBytes: input.size, error: null };
      const version = {
        fileName,
        fileSize: input.size,
        upload,
        transcoding: initiatedProcess(),
        createdBy: actor.userId,
      };

      if (input.itemId) {
        const existing = liveItemOrNotFound(actor, await repos.items.findById(actor.tenantId, input.itemId));
        if (!can(actor, 'version')) throw new AppError('UPDATE_ITEMS_FORBIDDEN');
        await refuseVersioningVirtualClip(repos, actor.tenantId, existing.id);
        if (!canUpdate(actor, existing)) throw new AppError('UPDATE_ITEM_FORBIDDEN');
        const started = await audit.change(
          actor,
          null,
          async (tx) => {
            await reserve(tx, actor.tenantId, config, input.size);
            const created = await tx.items.insertVersion(actor.tenantId, existing.id, version);
            await tx.items.updateVersion(actor.tenantId, created.id, { uploadId: created.id });
            const operation = await insertOperation(tx, actor, existing.id, created.id, fileName, input.size);
            return { created, operation };
          },
          ({ created }) => ({
            action: 'item.versionUploadStarted',
            targetType: 'item',
            targetId: existing.id,
            subject: fileName,
            summary: `Started uploading version ${created.number}: ${fileName}`,
            details: { versionId: created.id, fileName, size: input.size },
          }),
        );
        return { itemId: existing.id, versionId: started.created.id, operationId: started.operation.id };
      }

      if (!can(actor, 'create') || !can(actor, 'upload')) throw new AppError('UPLOAD_FORBIDDEN');
      const folderId = await targetFolderId(actor, input.folderId);
      return createItem(actor, config, folderId, fileName, input, version, null);
    },

    /**
     * An upload through an upload request: the item goes into the request's folder and belongs to the request's
     * creator, whose rights (requestUpload, updating the folder) must still hold; the contributor is only named.
     */
    async beginForRequest(
      owner: AuthedActor,
      tenant: TTenantRow,
      input: Omit<BeginUploadInput, 'itemId'> & { folderId: string },
      via: TUploadVia,
    ): Promise<UploadTarget> {
      assertUploadShape(input, via.contributorName);
      const fileName = cleanFileName(input.fileName);
      const config = parseTenantConfig(tenant.config);
      const blocked = blockedExtensionOf(fileName, config.blockedUploadExtensions);
      if (blocked) throw new AppError('EXTENSION_BLOCKED', { params: { suffix: `.${blocked}` } });
      if (!can(owner, 'requestUpload')) throw new AppError('NOT_FOUND');
      await assertWithinLimits(owner.tenantId, config, input.size);
      const folderId = await targetFolderId(owner, input.folderId);
      const version = {
        fileName,
        fileSize: input.size,
        upload: { state: 'PROGRESSING' as const, receivedBytes: 0, totalBytes: input.size, error: null },
        transcoding: initiatedProcess(),
        createdBy: owner.userId,
      };
      return createItem(owner, config, folderId, fileName, input, version, via);
    },

    /** The server's file limit, which tus announces as Tus-Max-Size. */
    maxUploadBytes,

    /**
     * The most bytes this upload may reach (the file limit, or what is left of the tenant's quota besides it): what
     * an upload of deferred length is held to as its bytes arrive.
     */
    async allowance(tenantId: string, versionId: string): Promise<number> {
      const tenant = await repos.tenants.findById(tenantId);
      if (!tenant) return 0;
      return uploadAllowance(await limitsOf(tenantId, parseTenantConfig(tenant.config), versionId));
    },

    /**
     * The refusal for an upload of deferred length that would reach `total` bytes, as at creation; accepted, `total`
     * is reserved for it under the tenant lock, as a declared length is at creation.
     */
    async assertAllowance(tenantId: string, versionId: string, total: number): Promise<void> {
      await inTransaction(deps.db, async (tx) => {
        const tenant = await tx.tenants.lockForUpdate(tenantId);
        if (!tenant) throw new AppError('NOT_FOUND');
        const config = parseTenantConfig(tenant.config);
        const refusal = uploadRefusal(total, await limitsOf(tenantId, config, versionId, tx));
        if (refusal) throw refusal;
        const version = await tx.items.findVersion(tenantId, versionId);
        if (config.storageQuotaBytes === null || !version || version.upload.state !== 'PROGRESSING') return;
        const reservedBytes = Math.max(total, version.upload.reservedBytes ?? 0);
        await tx.items.updateVersion(tenantId, versionId, { upload: { ...version.upload, reservedBytes } });
      });
    },

    /** The upload's version, if it belongs to this tenant and the actor may continue it. */
    async authorise(actor: AuthedActor, uploadId: string): Promise<TItemVersionRow> {
      const version = await repos.items.findVersionByUploadId(actor.tenantId, uploadId);
      if (!version) throw new AppError('NOT_FOUND');
      if (version.createdBy !== actor.userId && !actor.isSuperAdmin && !can(actor, 'tenantAdmin'))
        throw new AppError('NOT_FOUND');
      return version;
    },

    /** The upload's version, if it was started through this upload request (the contributor's own uploads). */
    async authoriseForRequest(tenantId: string, requestId: string, uploadId: string): Promise<TItemVersionRow> {
      const version = await repos.items.findVersionByUploadId(tenantId, uploadId);
      if (!version) throw new AppError('NOT_FOUND');
      const file = await repos.uploadRequests.findFileByItem(tenantId, version.itemId);
      if (!file || file.shareId !== requestId) throw new AppError('NOT_FOUND');
      return version;
    },

    async recordProgress(tenantId: string, versionId: string, receivedBytes: number): Promise<void> {
      const version = await repos.items.findVersion(tenantId, versionId);
      if (!version || version.upload.state !== 'PROGRESSING') return;
      // In place: a reservation a concurrent PATCH made since the read above must not be written over.
      if (!(await repos.items.setUploadReceived(tenantId, versionId, receivedBytes))) return;
      const operation = await repos.operations.findByVersion(tenantId, versionId, 'upload');
      if (operation) {
        const progress = version.upload.totalBytes ? (100 * receivedBytes) / version.upload.totalBytes : 0;
        await repos.operations.update(tenantId, operation.id, { bytesDone: receivedBytes, progress });
      }
    },

    /** All bytes are in: the version is ready for processing. Idempotent, as tus may report a finish twice. */
    async complete(tenantId: string, versionId: string, size: number): Promise<TItemVersionRow | undefined> {
      const version = await repos.items.findVersion(tenantId, versionId);
      if (!version) return undefined;
      if (version.upload.state === 'COMPLETE') return version;
      const viaRequest = await repos.uploadRequests.findFileByItem(tenantId, version.itemId);
      const request = viaRequest ? await repos.shares.findById(tenantId, viaRequest.shareId) : undefined;
      const uploader =
        !viaRequest && version.createdBy ? await repos.users.findById(tenantId, version.createdBy) : null;
      const operation = await repos.operations.findByVersion(tenantId, versionId, 'upload');
      // The reservation settles to the real size in the same transaction that records the upload.
      return audit.change(
        { tenantId, userId: uploader?.id, email: uploader?.email },
        null,
        async (tx) => {
          const updated = await tx.items.updateVersion(tenantId, versionId, {
            fileSize: size,
            upload: { state: 'COMPLETE', receivedBytes: size, totalBytes: size, error: null },
          });
          // A complete new version leads at once (spec section 4); its processing state is then the item's.
          await tx.items.update(tenantId, version.itemId, { leadingVersionId: version.id });
          if (operation) {
            await tx.operations.update(tenantId, operation.id, {
              status: 'done',
              progress: 100,
              bytesDone: size,
              bytesTotal: size,
            });
          }
          return updated;
        },
        () => ({
          action: 'item.uploaded',
          targetType: 'item',
          targetId: version.itemId,
          // Who sent it through which request names the upload in any language.
          subject: [version.fileName, viaRequest?.contributorName, request?.pageTitle].filter(Boolean).join(' · '),
          summary: viaRequest
            ? `Uploaded by ${viaRequest.contributorName} through upload request ${request?.pageTitle ?? ''}`.trim()
            : `Uploaded ${version.fileName}`,
          details: viaRequest
            ? { versionId, size, uploadRequestId: viaRequest.shareId, contributor: viaRequest.contributorName }
            : { versionId, size },
        }),
      );
    },

    /**
     * A terminated, expired or abandoned upload leaves nothing behind: a first version takes its item with it, a
     * later version only itself. `by` is the user who cancelled it; the system's own clean-ups have none.
     */
    async discard(
      tenantId: string,
      versionId: string,
      reason: TDiscardReason,
      by: { userId: string; email: string } | null = null,
      meta: RequestMeta | null = null,
    ): Promise<void> {
      const version = await repos.items.findVersion(tenantId, versionId);
      if (!version || version.upload.state === 'COMPLETE') return;
      const operation = await repos.operations.findByVersion(tenantId, versionId, 'upload');
      const parent = await repos.items.findById(tenantId, version.itemId);
      const wholeItem = !!parent && parent.leadingVersionId === version.id;
      await audit.change(
        { tenantId, userId: by?.userId, email: by?.email },
        meta,
        async (tx) => {
          if (operation) {
            await tx.operations.update(tenantId, operation.id, {
              status: reason === 'cancelled' ? 'cancelled' : 'error',
              error: DISCARD_ERRORS[reason],
            });
          }
          if (wholeItem) await tx.items.hardDelete(tenantId, parent.id);
          else await tx.items.deleteVersion(tenantId, version.id);
        },
        () => ({
          action: DISCARD_ACTIONS[reason],
          targetType: 'item',
          targetId: version.itemId,
          subject: version.fileName ?? parent?.title,
          summary: `${DISCARD_SUMMARIES[reason]}: ${version.fileName ?? parent?.title ?? ''}`.trim(),
          details: {
            versionId,
            fileName: version.fileName,
            receivedBytes: version.upload.receivedBytes,
            totalBytes: version.upload.totalBytes,
            itemRemoved: wholeItem,
          },
        }),
      );
    },

    /**
     * Cancel of an unfinished upload from its item's page (the browser that sent it may be gone): its owner, or an
     * administrator, ends it as a tus termination would. NOT_FOUND for anyone else, as tus answers them.
     */
    async cancelForItem(actor: AuthedActor, itemId: string, meta: RequestMeta | null): Promise<{ cancelled: boolean }> {
      const item = liveItemOrNotFound(actor, await repos.items.findById(actor.tenantId, itemId));
      const versions = await repos.items.listVersions(actor.tenantId, item.id);
      const unfinished = versions.filter((v) => v.upload.state === 'PROGRESSING');
      if (unfinished.length === 0) return { cancelled: false };
      const mayEnd = (v: TItemVersionRow) =>
        v.createdBy === actor.userId || actor.isSuperAdmin || can(actor, 'tenantAdmin');
      if (!unfinished.every(mayEnd)) throw new AppError('NOT_FOUND');
      const by = { userId: actor.userId, email: actor.email };
      for (const version of unfinished) {
        await removePartialUpload(uploadsDir, version.uploadId ?? version.id);
        await this.discard(actor.tenantId, version.id, 'cancelled', by, meta);
      }
      return { cancelled: true };
    },

    /** Uploads that never finished and are past their expiry: their partial file and their item go. */
    async expireStale(createdBefore: Date, removePartialFile: (uploadId: string) => Promise<void>): Promise<number> {
      const stale = await repos.items.listUnfinishedUploads(createdBefore);
      for (const version of stale) {
        await removePartialFile(version.uploadId ?? version.id).catch(() => undefined);
        await this.discard(version.tenantId, version.id, 'expired');
      }
      return stale.length;
    },

    /**
     * Uploads created over UPLOAD_ABANDONED_HOURS ago that never received a byte: the tab that started them went
     * away before sending anything, and the item would sit at "uploading 0%" until the tus expiry. They are removed
     * as a cancel removes them (there is nothing in them to restore from a recycle bin), with an audit event.
     */
    async cleanAbandoned(removePartialFile?: (uploadId: string) => Promise<void>): Promise<number> {
      const cutoff = new Date(deps.clock().getTime() - abandonedHours * 60 * 60 * 1000);
      const unfinished = await repos.items.listUnfinishedUploads(cutoff);
      const abandoned = unfinished.filter((v) => (v.upload.receivedBytes ?? 0) === 0);
      for (const version of abandoned) {
        const uploadId = version.uploadId ?? version.id;
        await (removePartialFile ? removePartialFile(uploadId) : removePartialUpload(uploadsDir, uploadId)).catch(
          (error: unknown) => deps.logger.warn({ err: error, uploadId }, 'could not delete an abandoned upload file'),
        );
        await this.discard(version.tenantId, version.id, 'abandoned');
      }
      return abandoned.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
