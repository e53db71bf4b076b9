import {
  AppError,
  auditChanges,
  approvalChange,
  can,
  canDeleteOrRecover,
  canUpdate,
  canView,
  isAppError,
  type Actor,
  type ApprovalStatus,
  type DeleteAction,
  type TAuditChanges,
  type TAuditSummary,
  isUuid,
} from '@mam/core';
import type { TItemRow, TItemWithVersion } from '@mam/db';
import type { AuthedActor } from '../actor.service';
import { changesOf, labelsOf, whatOf, type AuditEntry, type AuditService } from '../audit.service';
import type { FolderService } from '../folder.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import type { NotificationService } from '../notification.service';
import { itemExtras } from '../sequences/item-extras';
import { toItemView, versionMediaPrefix, type TItemView } from './item-view';

/** The part of the storage service purging needs: a tenant's storage location by id. */
export interface MediaStorageResolver {
  resolve(tenantId: string, storageId: string): Promise<{ deletePrefix(prefix: string): Promise<unknown> }>;
}

export interface TItemPage<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** A recycle bin row: the item, who sent it there, and what the actor may do with it. */
export interface TDeletedItemView extends TItemView {
  deletedBy: { id: string; email: string; name: string } | null;
  canRestore: boolean;
  canPurge: boolean;
}

export interface THistoryEvent {
  id: string;
  at: string;
  action: string;
  actorEmail: string | null;
  summary: string;
  what: TAuditSummary;
  details: Record<string, unknown>;
  /** What changed, field by field: before and after, bounded, secrets never. */
  changes: TAuditChanges;
  /** Labels of metadata fields named in `changes`. */
  labels: Record<string, string>;
}

/** Keyset position of an item in the newest-first order. */
interface Position {
  createdAt: Date;
  id: string;
}

function badCursor(): AppError {
  return new AppError('VALIDATION_FAILED', {
    issues: [{ path: 'cursor', code: 'VALIDATION_FAILED', message: 'Invalid cursor' }],
  });
}

export function encodeItemCursor(item: Pick<TItemRow, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([item.createdAt.toISOString(), item.id])).toString('base64url');
}

export function decodeItemCursor(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(typeof at === 'string' ? at : NaN);
    if (Number.isNaN(createdAt.getTime()) || typeof id !== 'string' || !isUuid(id)) throw badCursor();
    return { createdAt, id };
  } catch {
    throw badCursor();
  }
}

/**
 * The item library: folder contents, details, title and description, moves, the recycle bin (delete, restore,
 * delete permanently) and an item's history. Every change is written to the audit trail with targetType 'item',
 * which is what the History tab reads, in the change's own transaction.
 */
export function createItemLibraryService(
  deps: ServiceDeps,
  audit: AuditService,
  folders: FolderService,
  storages: MediaStorageResolver,
  notifications?: Pick<NotificationService, 'approvalChanged'>,
) {
  const { repos } = deps;

  /**
   * Newest first from the keyset cursor, keeping only rows `keep` accepts. Access lists are checked here rather than
   * in SQL, so a page may take several reads when the actor sees few of the rows.
   */
  async function scan(
    tenantId: string,
    filter: { folderId?: string; deleted: boolean },
    page: { limit: number; cursor?: string },
    keep: (row: TItemWithVersion) => boolean,
  ): Promise<TItemPage<TItemWithVersion>> {
    const batch = Math.min(Math.max(page.limit * 2, 50), 500);
    let after = decodeItemCursor(page.cursor);
    const kept: TItemWithVersion[] = [];
    for (;;) {
      const rows = await repos.items.list(tenantId, { ...filter, limit: batch, after });
      for (const row of rows) {
        if (!keep(row)) continue;
        kept.push(row);
        if (kept.length > page.limit) break;
      }
      if (kept.length > page.limit || rows.length < batch) break;
      const last = rows[rows.length - 1]!.item;
      after = { createdAt: last.createdAt, id: last.id };
    }
    const items = kept.slice(0, page.limit);
    return { items, nextCursor: kept.length > page.limit ? encodeItemCursor(items[items.length - 1]!.item) : null };
  }

  /** One item the actor may see, deleted or not; NOT_FOUND for missing, other tenants' and hidden items. */
  async function visibleItem(actor: Actor, id: string): Promise<TItemWithVersion> {
    const found = await repos.items.findWithVersion(actor.tenantId, id);
    if (!found || !canView(actor, found.item)) throw new AppError('NOT_FOUND');
    return found;
  }

  /**
   * The items of a batch. An item counts as found when the actor may see it or may do `action` to it (creators may
   * delete and recover their own items even where they cannot see them); otherwise the whole batch is NOT_FOUND.
   */
  async function batch(actor: Actor, ids: string[], action: DeleteAction | 'view'): Promise<TItemRow[]> {
    const unique = [...new Set(ids)];
    const rows = await repos.items.findManyWithVersion(actor.tenantId, unique);
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
    const found = rows.map((r) => r.item);
    const reachable = (item: TItemRow) =>
      canView(actor, item) || (action !== 'view' && canDeleteOrRecover(actor, item, action));
    if (!found.every(reachable)) throw new AppError('NOT_FOUND');
    return found;
  }

  function refuse(code: 'one' | 'many', single: 'DELETE_ITEM_FORBIDDEN' | 'RECOVER_ITEM_FORBIDDEN'): AppError {
    const many = single === 'DELETE_ITEM_FORBIDDEN' ? 'DELETE_ITEMS_FORBIDDEN' : 'RECOVER_ITEMS_FORBIDDEN';
    return new AppError(code === 'one' ? single : many);
  }

  /** Removes every version's files (originals and renditions) from the storages they live on. */
  async function removeMedia(tenantId: string, itemId: string): Promise<void> {
    const versions = await repos.items.listVersions(tenantId, itemId);
    for (const version of versions) {
      const prefix = `${versionMediaPrefix(tenantId, itemId, version.id)}/`;
      const storageIds = new Set([version.storageId, version.generatedStorageId].filter((s): s is string => !!s));
      for (const storageId of storageIds) {
        let storage: Awaited<ReturnType<MediaStorageResolver['resolve']>>;
        try {
          storage = await storages.resolve(tenantId, storageId);
        } catch (error) {
          // A storage location removed from the tenant took its files with it; nothing is left to delete there.
          if (isAppError(error) && error.code === 'NOT_FOUND') {
            deps.logger.warn({ tenantId, itemId, storageId }, 'storage location gone; skipping media removal');
            continue;
          }
          throw error;
        }
        await storage.deletePrefix(prefix);
      }
    }
  }

  async function usersById(tenantId: string, ids: Array<string | null>) {
    const out = new Map<string, { id: string; email: string; name: string }>();
    for (const id of new Set(ids.filter((x): x is string => !!x))) {
      const user = await repos.users.findById(tenantId, id);
      if (user) out.set(id, { id: user.id, email: user.email, name: user.name });
    }
    return out;
  }

  return {
    /** A folder's live items the actor may see, newest first. Without a folder: the tenant root folder. */
    async list(
      actor: AuthedActor,
      input: { folderId?: string; limit: number; cursor?: string },
    ): Promise<TItemPage<TItemView>> {
      const folder = input.folderId ? await folders.get(actor, input.folderId) : await folders.root(actor);
      const page = await scan(actor.tenantId, { folderId: folder.id, deleted: false }, input, (row) =>
        canView(actor, row.item),
      );
      return { items: page.items.map((row) => toItemView(row, actor)), nextCursor: page.nextCursor };
    },

    /** The recycle bin: deleted items the actor may see or recover, newest first, with who deleted them. */
    async listDeleted(
      actor: AuthedActor,
      input: { limit: number; cursor?: string },
    ): Promise<TItemPage<TDeletedItemView>> {
      const page = await scan(
        actor.tenantId,
        { deleted: true },
        input,
        (row) => canView(actor, row.item) || canDeleteOrRecover(actor, row.item, 'recover'),
      );
      const users = await usersById(
        actor.tenantId,
        page.items.map((row) => row.item.deletedBy),
      );
      return {
        items: page.items.map((row) => ({
          ...toItemView(row, actor),
          deletedBy: row.item.deletedBy ? (users.get(row.item.deletedBy) ?? null) : null,
          canRestore: canDeleteOrRecover(actor, row.item, 'recover'),
          canPurge: canDeleteOrRecover(actor, row.item, 'delete'),
        })),
        nextCursor: page.nextCursor,
      };
    },

    async get(actor: AuthedActor, id: string): Promise<TItemView> {
      const view = toItemView(await visibleItem(actor, id), actor);
      return { ...view, ...(await itemExtras(deps, actor, view)) };
    },

    /** Title and description: the update permission (UPDATE_ITEMS_FORBIDDEN) and update access to this item. */
    async update(
      actor: AuthedActor,
      id: string,
      input: { title?: string; description?: string },
      meta: RequestMeta | null,
    ): Promise<TItemView> {
      const { item } = await visibleItem(actor, id);
      if (item.deletedAt) throw new AppError('NOT_FOUND');
      if (!can(actor, 'update')) throw new AppError('UPDATE_ITEMS_FORBIDDEN');
      if (!canUpdate(actor, item)) throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId: item.id } });
      const title = input.title?.trim();
      const next = {
        ...(title !== undefined && title !== item.title ? { title } : {}),
        ...(input.description !== undefined && input.description !== item.description
          ? { description: input.description }
          : {}),
      };
      if (Object.keys(next).length > 0) {
        // The values as the History shows them: bounded, so a long description does not bloat the trail.
        const changes = auditChanges(item, { ...item, ...next }, Object.keys(next));
        await audit.change(
          actor,
          meta,
          (tx) => tx.items.update(actor.tenantId, item.id, next),
          () => ({
            action: 'item.updated',
            targetType: 'item',
            targetId: item.id,
            summary: next.title ? `Title changed to ${next.title}` : 'Description changed',
            details: { changes },
          }),
        );
      }
      return toItemView(await visibleItem(actor, id), actor);
    },

    /**
     * A reviewer's verdict: the approveItems permission (APPROVE_ITEMS_FORBIDDEN) and update access to this item,
     * as for any other change to it. The status, who set it and when commit with the audit event.
     */
    async setApproval(
      actor: AuthedActor,
      id: string,
      status: ApprovalStatus,
      meta: RequestMeta | null,
    ): Promise<TItemView> {
      const { item } = await visibleItem(actor, id);
      if (item.deletedAt) throw new AppError('NOT_FOUND');
      if (!can(actor, 'approveItems')) throw new AppError('APPROVE_ITEMS_FORBIDDEN');
      if (!canUpdate(actor, item)) throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId: item.id } });
      const change = approvalChange(item.approvalStatus, status);
      if (change) {
        await audit.change(
          actor,
          meta,
          (tx) =>
            tx.items.update(actor.tenantId, item.id, {
              approvalStatus: change.to,
              approvalSetBy: actor.userId,
              approvalSetAt: new Date(),
            }),
          () => ({
            action: 'item.approval_changed',
            targetType: 'item',
            targetId: item.id,
            summary: `Approval status changed to ${change.to}`,
            details: { approvalStatus: change },
          }),
        );
        try {
          await notifications?.approvalChanged(actor.tenantId, {
            actorId: actor.userId,
            itemId: item.id,
            ownerId: item.ownerId ?? item.createdBy,
            status: change.to,
          });
        } catch (error) {
          // The status is saved; a failed notification is logged, not thrown back at the reviewer.
          deps.logger.error({ err: error, itemId: item.id }, 'approval notification failed');
        }
      }
      return toItemView(await visibleItem(actor, id), actor);
    },

    /** Into a folder: the move permission, update access to every item and to the target folder. All or nothing. */
    async move(
      actor: AuthedActor,
      input: { itemIds: string[]; folderId: string },
      meta: RequestMeta | null,
    ): Promise<{ movedIds: string[] }> {
      if (!can(actor, 'move')) throw new AppError('MOVE_ITEMS_FORBIDDEN');
      const items = await batch(actor, input.itemIds, 'view');
      if (items.some((item) => item.deletedAt)) throw new AppError('NOT_FOUND');
      const target = await folders.writableFolder(actor, input.folderId);
      const locked = items.find((item) => !canUpdate(actor, item));
      if (locked) throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId: locked.id } });
      const moving = items.filter((item) => item.folderId !== target.id);
      await audit.change(
        actor,
        meta,
        (tx) =>
          tx.items.updateMany(
            actor.tenantId,
            moving.map((item) => item.id),
            { folderId: target.id },
          ),
        () =>
          moving.map((item) => ({
            action: 'item.moved',
            targetType: 'item',
            targetId: item.id,
            summary: `Moved to folder ${target.name}`,
            details: { fromFolderId: item.folderId, toFolderId: target.id },
          })),
      );
      return { movedIds: moving.map((item) => item.id) };
    },

    /**
     * To the recycle bin. Refused for one item: DELETE_ITEM_FORBIDDEN; for a batch where any item is refused:
     * DELETE_ITEMS_FORBIDDEN and nothing changes. Items already in the recycle bin are left as they are.
     */
    async remove(actor: AuthedActor, itemIds: string[], meta: RequestMeta | null): Promise<{ deletedIds: string[] }> {
      const items = await batch(actor, itemIds, 'delete');
      const live = items.filter((item) => !item.deletedAt);
      if (live.some((item) => !canDeleteOrRecover(actor, item, 'delete'))) {
        throw refuse(items.length === 1 ? 'one' : 'many', 'DELETE_ITEM_FORBIDDEN');
      }
      const ids = live.map((item) => item.id);
      await audit.change(
        actor,
        meta,
        (tx) => tx.items.updateMany(actor.tenantId, ids, { deletedAt: deps.clock(), deletedBy: actor.userId }),
        () =>
          ids.map((id) => ({
            action: 'item.deleted',
            targetType: 'item',
            targetId: id,
            summary: 'Moved to the recycle bin',
          })),
      );
      return { deletedIds: ids };
    },

    /** Out of the recycle bin, into the folder it was in; into the tenant root when that folder is gone. */
    async restore(
      actor: AuthedActor,
      itemIds: string[],
      meta: RequestMeta | null,
    ): Promise<{ restored: Array<{ id: string; folderId: string }> }> {
      const items = await batch(actor, itemIds, 'recover');
      if (items.some((item) => !item.deletedAt)) throw new AppError('ITEM_NOT_IN_RECYCLE_BIN');
      if (items.some((item) => !canDeleteOrRecover(actor, item, 'recover'))) {
        throw refuse(items.length === 1 ? 'one' : 'many', 'RECOVER_ITEM_FORBIDDEN');
      }
      const root = await repos.folders.findRoot(actor.tenantId);
      if (!root) throw new AppError('NOT_FOUND');
      const folderNames = new Map<string, string | null>();
      const restored: Array<{ id: string; folderId: string }> = [];
      const entries: AuditEntry[] = [];
      for (const item of items) {
        if (item.folderId && !folderNames.has(item.folderId)) {
          folderNames.set(item.folderId, (await repos.folders.findById(actor.tenantId, item.folderId))?.name ?? null);
        }
        const keepsFolder = !!item.folderId && folderNames.get(item.folderId) != null;
        const folderId = keepsFolder ? item.folderId! : root.id;
        restored.push({ id: item.id, folderId });
        entries.push({
          action: 'item.restored',
          targetType: 'item',
          targetId: item.id,
          summary: keepsFolder
            ? `Restored from the recycle bin into ${folderNames.get(folderId)}`
            : `Restored from the recycle bin into ${root.name} (its folder is gone)`,
          details: { folderId },
        });
      }
      await audit.change(
        actor,
        meta,
        async (tx) => {
          for (const { id, folderId } of restored) {
            await tx.items.update(actor.tenantId, id, { deletedAt: null, deletedBy: null, folderId });
          }
        },
        () => entries,
      );
      return { restored };
    },

    /**
     * Deletes items for good, from the recycle bin only (ITEM_NOT_IN_RECYCLE_BIN otherwise). The media files go
     * first, so a storage failure leaves the item in the recycle bin to try again rather than orphaned files.
     */
    async purge(actor: AuthedActor, itemIds: string[], meta: RequestMeta | null): Promise<{ purgedIds: string[] }> {
      const items = await batch(actor, itemIds, 'delete');
      if (items.some((item) => !item.deletedAt)) throw new AppError('ITEM_NOT_IN_RECYCLE_BIN');
      if (items.some((item) => !canDeleteOrRecover(actor, item, 'delete'))) {
        throw refuse(items.length === 1 ? 'one' : 'many', 'DELETE_ITEM_FORBIDDEN');
      }
      const purgedIds: string[] = [];
      for (const item of items) {
        await removeMedia(actor.tenantId, item.id);
        await audit.change(
          actor,
          meta,
          async (tx) => {
            await tx.items.hardDelete(actor.tenantId, item.id);
          },
          () => ({
            action: 'item.purged',
            targetType: 'item',
            targetId: item.id,
            subject: item.title,
            summary: `Deleted permanently: ${item.title}`,
          }),
        );
        purgedIds.push(item.id);
      }
      return { purgedIds };
    },

    /**
     * Who did what to the item and when, newest first (the History tab; permission history). `before` is the id of
     * the oldest event already shown.
     */
    async history(actor: AuthedActor, id: string, input: { limit: number; before?: string }): Promise<THistoryEvent[]> {
      await visibleItem(actor, id);
      if (!can(actor, 'history')) throw new AppError('FORBIDDEN');
      const beforeId = input.before === undefined ? undefined : Number(input.before);
      if (beforeId !== undefined && !Number.isSafeInteger(beforeId)) throw badCursor();
      const rows = await repos.auditEvents.listForTarget(
        actor.tenantId,
        { type: 'item', id },
        { beforeId, limit: input.limit },
      );
      return rows.map((e) => ({
        id: String(e.id),
        at: e.at.toISOString(),
        action: e.action,
        actorEmail: e.actorEmail,
        summary: e.summary,
        what: whatOf(e.details),
        details: e.details,
        changes: changesOf(e.details),
        labels: labelsOf(e.details),
      }));
    },
  };
}

export type ItemLibraryService = ReturnType<typeof createItemLibraryService>;
