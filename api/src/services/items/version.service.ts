import { AppError, can, canUpdate, canView } from '@mam/core';
import type { Repositories, TItemVersionRow } from '@mam/db';
import type { AuthedActor } from '../actor.service';
import type { createAuditService } from '../audit.service';
import type { ServiceDeps } from '../service-deps';

export interface TVersionView {
  id: string;
  number: number;
  fileName: string;
  fileSize: number | null;
  leading: boolean;
  uploadState: TItemVersionRow['upload']['state'];
  transcodingState: TItemVersionRow['transcoding']['state'];
  transcodingError: string | null;
  createdBy: string | null;
  createdAt: string;
}

/** Item versions: a new upload becomes the leading version once processed; promoting an older one reverses that. */
export function createVersionService(deps: ServiceDeps, audit: ReturnType<typeof createAuditService>) {
  const { repos } = deps;

  async function viewableItem(actor: AuthedActor, itemId: string) {
    const item = await repos.items.findById(actor.tenantId, itemId);
    if (!item || !canView(actor, item)) throw new AppError('NOT_FOUND');
    return item;
  }

  return {
    async list(actor: AuthedActor, itemId: string): Promise<TVersionView[]> {
      const item = await viewableItem(actor, itemId);
      const versions = await repos.items.listVersions(actor.tenantId, itemId);
      return versions
        .map((v) => ({
          id: v.id,
          number: v.number,
          fileName: v.fileName,
          fileSize: v.fileSize,
          leading: v.id === item.leadingVersionId,
          uploadState: v.upload.state,
          transcodingState: v.transcoding.state,
          transcodingError: v.transcoding.error,
          createdBy: v.createdBy,
          createdAt: v.createdAt.toISOString(),
        }))
        .reverse();
    },

    /** Makes a version the leading one: the one played, shown and downloaded. */
    async promote(actor: AuthedActor, itemId: string, versionId: string): Promise<void> {
      const item = await viewableItem(actor, itemId);
      if (item.deletedAt) throw new AppError('NOT_FOUND');
      if (!can(actor, 'promote')) throw new AppError('UPDATE_ITEMS_FORBIDDEN');
      if (!canUpdate(actor, item)) throw new AppError('UPDATE_ITEM_FORBIDDEN');
      const version = await repos.items.findVersion(actor.tenantId, versionId);
      if (!version || version.itemId !== itemId) throw new AppError('NOT_FOUND');
      if (version.upload.state !== 'COMPLETE') throw new AppError('ITEM_HAS_NO_MEDIA');
      await audit.change(
        actor,
        null,
        async (tx) => {
          await leadWith(actor.tenantId, itemId, version, tx);
        },
        () => ({
          action: 'item.versionPromoted',
          targetType: 'item',
          targetId: itemId,
          summary: `Promoted version ${version.number}`,
          details: { versionId },
        }),
      );
    },
  };

  async function leadWith(tenantId: string, itemId: string, version: TItemVersionRow, tx: Repositories) {
    const itemType = (version.probe as { itemType?: 'video' | 'audio' | 'image' | 'file' } | null)?.itemType;
    await tx.items.update(tenantId, itemId, { leadingVersionId: version.id, ...(itemType ? { itemType } : {}) });
  }
}

export type VersionService = ReturnType<typeof createVersionService>;
