import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, can, canUpdate, initiatedProcess } from '@mam/core';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import { liveFoundOrNotFound, liveItemOrNotFound } from '../items/live-item';
import type { ProcessingService } from '../items/processing.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import type { StorageService } from '../storage.service';
import { RUNNING_RENDER_STATES } from './central-render.view';

/**
 * Merge media into a placeholder by copying (spec section 4): the source's original becomes the placeholder's new
 * version, handed to the processing an upload gets. The copy goes where tus leaves finished uploads (the media
 * pipeline's `<DATA_DIR>/uploads`), so the transcode stores it as it stores an upload.
 */
/** A rename, or a copy when the work and uploads folders are on different file systems. */
async function moveFile(from: string, to: string): Promise<void> {
  await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  });
}

export function createCentralRenderMergeService(
  deps: ServiceDeps,
  audit: AuditService,
  storages: StorageService,
  processing: ProcessingService,
) {
  const { repos } = deps;
  const uploadsDir = path.join(deps.config.dataDir, 'uploads');
  const workDir = path.join(deps.config.dataDir, 'work');

  return {
    async mergeMedia(
      actor: AuthedActor,
      placeholderId: string,
      sourceItemId: string,
      meta: RequestMeta | null,
    ): Promise<{ itemId: string; versionId: string }> {
      const placeholder = liveItemOrNotFound(actor, await repos.items.findById(actor.tenantId, placeholderId));
      const source = liveFoundOrNotFound(actor, await repos.items.findWithVersion(actor.tenantId, sourceItemId));
      if (!can(actor, 'placeholder')) throw new AppError('FORBIDDEN', { params: { permission: 'placeholder' } });
      if (!canUpdate(actor, placeholder)) {
        throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId: placeholder.id } });
      }
      if (placeholder.itemType !== 'placeholder') throw new AppError('PLACEHOLDER_REQUIRED');
      const render = await repos.renders.latestForPlaceholder(actor.tenantId, placeholder.id);
      const original = source.version;
      if (
        (render && RUNNING_RENDER_STATES.includes(render.state)) ||
        !original?.storageId ||
        !original.originalKey ||
        original.upload.state !== 'COMPLETE'
      ) {
        throw new AppError('COPY_MEDIA_FAILED');
      }
      const { storageId, originalKey } = original;
      // The copy is made before the transaction: reading the storage location queries the database outside it, which
      // waits forever on the embedded database's single connection, and a long copy would hold the transaction open.
      const staged = path.join(workDir, `merge-${randomUUID()}`);
      try {
        const storage = await storages.resolve(actor.tenantId, storageId);
        await mkdir(workDir, { recursive: true });
        await mkdir(uploadsDir, { recursive: true });
        const local = await storage.toLocalFile(originalKey, workDir);
        try {
          await copyFile(local.path, staged);
        } finally {
          await local.cleanup();
        }
        const version = await audit.change(
          actor,
          meta,
          async (tx) => {
            const created = await tx.items.insertVersion(actor.tenantId, placeholder.id, {
              fileName: original.fileName,
              fileSize: original.fileSize,
              upload: {
                state: 'COMPLETE',
                receivedBytes: original.fileSize ?? 0,
                totalBytes: original.fileSize,
                error: null,
              },
              transcoding: initiatedProcess(),
              createdBy: actor.userId,
            });
            await tx.items.update(actor.tenantId, placeholder.id, { leadingVersionId: created.id });
            // After the rows: the uploads folder gets the file only for a version being written.
            await moveFile(staged, path.join(uploadsDir, created.id));
            return created;
          },
          (created) => ({
            action: 'item.media_merged',
            targetType: 'item',
            targetId: placeholder.id,
            subject: placeholder.title,
            summary: `Media of ${source.item.title} copied into ${placeholder.title}`,
            details: { versionId: created.id, sourceItemId: source.item.id },
          }),
        );
        await processing.startTranscode(actor.tenantId, version.id, actor.userId);
        return { itemId: placeholder.id, versionId: version.id };
      } catch (error) {
        await rm(staged, { force: true });
        if (error instanceof AppError) throw error;
        deps.logger.error({ err: error, placeholderId, sourceItemId }, 'copying media into a placeholder failed');
        throw new AppError('COPY_MEDIA_FAILED');
      }
    },
  };
}

export type CentralRenderMergeService = ReturnType<typeof createCentralRenderMergeService>;
