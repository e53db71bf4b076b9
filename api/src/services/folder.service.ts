import {
  AppError,
  assertAccessChange,
  can,
  canDelete,
  canUpdate,
  canView,
  parseNullableAccess,
  type Access,
  auditChanges,
  type AccessControlled,
  type AccessField,
  type Actor,
} from '@mam/core';
import type { TFolderRow } from '@mam/db';
import type { AuthedActor } from './actor.service';
import type { AuditEntry, AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

export interface TFolderView {
  id: string;
  parentId: string | null;
  name: string;
  ownerId: string | null;
  visibleTo: Access | null;
  updatableBy: Access | null;
  createdAt: string;
  isRoot: boolean;
  /** Whether the actor may rename, move and restrict this folder (folderUpdate and the access list). */
  canUpdate: boolean;
  /** Whether the actor may add items and subfolders to this folder, or move them into it (the access list). */
  canAddTo: boolean;
  /** Whether the actor holds folderDelete and may update the folder; the contents are checked on delete. */
  canDelete: boolean;
}

export interface TFolderTree {
  rootId: string;
  /** Flat, by name; `parentId` links them. Only folders the actor may see, and the root always. */
  folders: TFolderView[];
}

/** A folder's access lists in the shape core's rules take: folders have an owner and no separate creator. */
function folderAccess(folder: TFolderRow): AccessControlled {
  return { ...folder, createdBy: folder.ownerId };
}

const TENANT_LEVEL: Access = { level: 'tenant', groups: [] };

/** The tenant's folders indexed for tree questions: who is visible, what lies below, what lies above. */
class FolderIndex {
  readonly byId = new Map<string, TFolderRow>();
  readonly children = new Map<string, TFolderRow[]>();
  readonly root: TFolderRow;

  constructor(rows: TFolderRow[]) {
    let root: TFolderRow | undefined;
    for (const row of rows) {
      this.byId.set(row.id, row);
      if (row.parentId === null) root = row;
      else this.children.set(row.parentId, [...(this.children.get(row.parentId) ?? []), row]);
    }
    if (!root) throw new AppError('NOT_FOUND');
    this.root = root;
  }

  /** The folder and everything below it, the folder first. */
  subtree(id: string): TFolderRow[] {
    const start = this.byId.get(id);
    if (!start) return [];
    const out: TFolderRow[] = [];
    const queue = [start];
    while (queue.length) {
      const next = queue.shift()!;
      out.push(next);
      queue.push(...(this.children.get(next.id) ?? []));
    }
    return out;
  }

  /**
   * The root always; any other folder when the actor may view it and its parent is visible. Hiding a folder hides
   * what is below it, so the tree never shows a folder without the way to it.
   */
  visibleIds(actor: Actor): Set<string> {
    const visible = new Set<string>([this.root.id]);
    const queue = [this.root];
    while (queue.length) {
      const parent = queue.shift()!;
      for (const child of this.children.get(parent.id) ?? []) {
        if (!canView(actor, folderAccess(child))) continue;
        visible.add(child.id);
        queue.push(child);
      }
    }
    return visible;
  }
}

/**
 * Folders: the tenant's tree with one root made at provisioning. Every change is checked against the folder
 * permissions (folderCreate, folderUpdate, folderDelete) and the folder's own access lists, and written to the
 * audit trail with targetType 'folder'.
 */
export function createFolderService(deps: ServiceDeps, audit: AuditService) {
  const { repos } = deps;

  async function loadIndex(tenantId: string): Promise<FolderIndex> {
    return new FolderIndex(await repos.folders.listAll(tenantId));
  }

  function mayUpdate(actor: Actor, folder: TFolderRow): boolean {
    return can(actor, 'folderUpdate') && canUpdate(actor, folderAccess(folder));
  }

  function toView(actor: Actor, folder: TFolderRow): TFolderView {
    const isRoot = folder.parentId === null;
    return {
      id: folder.id,
      parentId: folder.parentId,
      name: folder.name,
      ownerId: folder.ownerId,
      visibleTo: folder.visibleTo,
      updatableBy: folder.updatableBy,
      createdAt: folder.createdAt.toISOString(),
      isRoot,
      canUpdate: mayUpdate(actor, folder),
      canAddTo: canUpdate(actor, folderAccess(folder)),
      canDelete: !isRoot && can(actor, 'folderDelete') && canUpdate(actor, folderAccess(folder)),
    };
  }

  /** A folder the actor may see, else NOT_FOUND (also for other tenants' folders). */
  async function visibleFolder(actor: Actor, id: string): Promise<{ folder: TFolderRow; index: FolderIndex }> {
    const index = await loadIndex(actor.tenantId);
    const folder = index.byId.get(id);
    if (!folder || !index.visibleIds(actor).has(folder.id)) throw new AppError('NOT_FOUND');
    return { folder, index };
  }

  function assertUpdatable(actor: Actor, folder: TFolderRow): void {
    if (!mayUpdate(actor, folder)) throw new AppError('FOLDER_UPDATE_FORBIDDEN', { params: { folderId: folder.id } });
  }

  /** Group ids must name groups of the actor's tenant; anything else is a malformed access object. */
  async function assertGroupsExist(tenantId: string, access: Access | null, field: AccessField): Promise<void> {
    if (access?.level !== 'selected_groups') return;
    for (const groupId of access.groups) {
      const found = /^[0-9a-f-]{36}$/i.test(groupId) ? await repos.groups.findById(tenantId, groupId) : undefined;
      if (!found) throw new AppError(field === 'visibleTo' ? 'BAD_VISIBLE_TO' : 'BAD_UPDATABLE_BY');
    }
  }

  /** Parses and checks requested access settings; undefined fields are left as they are. */
  async function checkedAccess(
    actor: Actor,
    target: AccessControlled,
    input: { visibleTo?: unknown; updatableBy?: unknown },
  ): Promise<Partial<Record<AccessField, Access | null>>> {
    const out: Partial<Record<AccessField, Access | null>> = {};
    for (const field of ['visibleTo', 'updatableBy'] as const) {
      if (input[field] === undefined) continue;
      const next = parseNullableAccess(input[field], field);
      await assertGroupsExist(actor.tenantId, next, field);
      assertAccessChange(actor, target, next ?? TENANT_LEVEL, field);
      out[field] = next;
    }
    return out;
  }

  /** An access setting as the History shows it: the level, and the groups by name for selected groups. */
  async function accessText(tenantId: string, access: Access | null | undefined): Promise<string> {
    if (!access) return 'tenant';
    if (access.level !== 'selected_groups') return access.level;
    const names = await Promise.all(
      access.groups.map(async (id) => (await repos.groups.findById(tenantId, id))?.name ?? id),
    );
    return `selected_groups: ${names.join(', ')}`;
  }

  const service = {
    async tree(actor: AuthedActor): Promise<TFolderTree> {
      const index = await loadIndex(actor.tenantId);
      const visible = index.visibleIds(actor);
      const folders = [...index.byId.values()].filter((f) => visible.has(f.id)).map((f) => toView(actor, f));
      return { rootId: index.root.id, folders };
    },

    /**
     * The folder and the folders below it the actor may see, the folder first (a folder share shows all of them);
     * NOT_FOUND when the folder itself is hidden or gone.
     */
    async visibleSubtreeIds(actor: Actor, id: string): Promise<string[]> {
      const index = await loadIndex(actor.tenantId);
      const visible = index.visibleIds(actor);
      if (!visible.has(id)) throw new AppError('NOT_FOUND');
      return index
        .subtree(id)
        .filter((folder) => visible.has(folder.id))
        .map((folder) => folder.id);
    },

    async get(actor: AuthedActor, id: string): Promise<TFolderView> {
      const { folder } = await visibleFolder(actor, id);
      return toView(actor, folder);
    },

    /** The tenant root folder (every user sees it); uploads without a folder land here. */
    async root(actor: AuthedActor): Promise<TFolderView> {
      const root = await repos.folders.findRoot(actor.tenantId);
      if (!root) throw new AppError('NOT_FOUND');
      return toView(actor, root);
    },

    /**
     * A folder the actor may add items to or move items into: visible (else NOT_FOUND) and updatable (else
     * FOLDER_UPDATE_FORBIDDEN). Used by the item library for moves.
     */
    async writableFolder(actor: Actor, id: string): Promise<TFolderRow> {
      const { folder } = await visibleFolder(actor, id);
      if (!canUpdate(actor, folderAccess(folder))) {
        throw new AppError('FOLDER_UPDATE_FORBIDDEN', { params: { folderId: folder.id } });
      }
      return folder;
    },

    async create(
      actor: AuthedActor,
      input: { parentId?: string; name: string; visibleTo?: unknown; updatableBy?: unknown },
      meta: RequestMeta | null,
    ): Promise<TFolderView> {
      if (!can(actor, 'folderCreate')) throw new AppError('FOLDER_CREATE_FORBIDDEN');
      const parent = input.parentId
        ? (await visibleFolder(actor, input.parentId)).folder
        : await repos.folders.findRoot(actor.tenantId);
      if (!parent) throw new AppError('NOT_FOUND');
      if (!canUpdate(actor, folderAccess(parent))) {
        throw new AppError('FOLDER_UPDATE_FORBIDDEN', { params: { folderId: parent.id } });
      }
      // A new folder is the actor's own, unrestricted until the requested settings apply.
      const fresh = { ownerId: actor.userId, createdBy: actor.userId, visibleTo: null, updatableBy: null };
      const access = await checkedAccess(actor, fresh, input);
      const folder = await audit.change(
        actor,
        meta,
        (tx) =>
          tx.folders.insert(actor.tenantId, {
            parentId: parent.id,
            name: input.name.trim(),
            ownerId: actor.userId,
            visibleTo: access.visibleTo ?? null,
            updatableBy: access.updatableBy ?? null,
          }),
        (inserted) => ({
          action: 'folder.created',
          targetType: 'folder',
          targetId: inserted.id,
          subject: inserted.name,
          summary: `Folder ${inserted.name} created in ${parent.name}`,
          details: { parentId: parent.id },
        }),
      );
      return toView(actor, folder);
    },

    async rename(
      actor: AuthedActor,
      input: { id: string; name: string },
      meta: RequestMeta | null,
    ): Promise<TFolderView> {
      const { folder } = await visibleFolder(actor, input.id);
      assertUpdatable(actor, folder);
      const name = input.name.trim();
      const updated = await audit.change(
        actor,
        meta,
        (tx) => tx.folders.update(actor.tenantId, folder.id, { name }),
        () => ({
          action: 'folder.renamed',
          targetType: 'folder',
          targetId: folder.id,
          subject: folder.name,
          summary: `Folder ${folder.name} renamed to ${name}`,
          details: { from: folder.name, to: name, changes: { name: { from: folder.name, to: name } } },
        }),
      );
      return toView(actor, updated!);
    },

    /** Into another folder the actor may update; never the root, never below itself. */
    async move(
      actor: AuthedActor,
      input: { id: string; parentId: string },
      meta: RequestMeta | null,
    ): Promise<TFolderView> {
      const { folder, index } = await visibleFolder(actor, input.id);
      if (folder.parentId === null) throw new AppError('FOLDER_ROOT_LOCKED');
      assertUpdatable(actor, folder);
      const target = index.byId.get(input.parentId);
      if (!target || !index.visibleIds(actor).has(target.id)) throw new AppError('NOT_FOUND');
      if (index.subtree(folder.id).some((f) => f.id === target.id)) throw new AppError('FOLDER_CYCLE');
      if (!canUpdate(actor, folderAccess(target))) {
        throw new AppError('FOLDER_UPDATE_FORBIDDEN', { params: { folderId: target.id } });
      }
      if (folder.parentId === target.id) return toView(actor, folder);
      const from = index.byId.get(folder.parentId);
      const updated = await audit.change(
        actor,
        meta,
        (tx) => tx.folders.update(actor.tenantId, folder.id, { parentId: target.id }),
        () => ({
          action: 'folder.moved',
          targetType: 'folder',
          targetId: folder.id,
          subject: folder.name,
          summary: `Folder ${folder.name} moved from ${from?.name ?? '?'} to ${target.name}`,
          details: { fromParentId: folder.parentId, toParentId: target.id },
        }),
      );
      return toView(actor, updated!);
    },

    /**
     * Deletes the folder and its subfolders; their live items go to the recycle bin (restored into the root, since
     * their folder is gone). All or nothing: the actor needs folderDelete, update access to every folder of the
     * subtree and the right to delete every live item in it (DELETE_ITEMS_FORBIDDEN otherwise).
     */
    async remove(
      actor: AuthedActor,
      id: string,
      meta: RequestMeta | null,
    ): Promise<{ deletedFolderIds: string[]; recycledItemIds: string[] }> {
      const { folder, index } = await visibleFolder(actor, id);
      if (folder.parentId === null) throw new AppError('FOLDER_ROOT_LOCKED');
      if (!can(actor, 'folderDelete')) throw new AppError('FOLDER_DELETE_FORBIDDEN', { params: { folderId: id } });
      const subtree = index.subtree(folder.id);
      const locked = subtree.find((f) => !canUpdate(actor, folderAccess(f)));
      if (locked) throw new AppError('FOLDER_DELETE_FORBIDDEN', { params: { folderId: locked.id } });
      const folderIds = subtree.map((f) => f.id);
      const items = await repos.folders.liveItemsIn(actor.tenantId, folderIds);
      if (items.some((item) => !canDelete(actor, item))) throw new AppError('DELETE_ITEMS_FORBIDDEN');

      const recycledItemIds = await audit.change(
        actor,
        meta,
        async (tx) => {
          const recycled = await tx.items.softDeleteInFolders(actor.tenantId, folderIds, actor.userId, deps.clock());
          await tx.folders.delete(actor.tenantId, folder.id);
          return recycled;
        },
        (recycled) => [
          {
            action: 'folder.deleted',
            targetType: 'folder',
            targetId: folder.id,
            subject: folder.name,
            summary: `Folder ${folder.name} deleted with ${folderIds.length - 1} subfolders and ${recycled.length} items`,
            details: { folderIds, itemIds: recycled },
          },
          ...recycled.map((itemId): AuditEntry => ({
            action: 'item.deleted',
            targetType: 'item',
            targetId: itemId,
            summary: `Moved to the recycle bin with folder ${folder.name}`,
            details: { folderId: folder.id },
          })),
        ],
      );
      return { deletedFolderIds: folderIds, recycledItemIds };
    },

    /**
     * Who sees and who changes the folder. Each field given is parsed (BAD_VISIBLE_TO / BAD_UPDATABLE_BY) and checked
     * with core's access-change rules (owner only, selected groups) before anything is stored; null lifts the
     * restriction. The root stays open to everyone.
     */
    async setAccess(
      actor: AuthedActor,
      input: { id: string; visibleTo?: unknown; updatableBy?: unknown },
      meta: RequestMeta | null,
    ): Promise<TFolderView> {
      const { folder } = await visibleFolder(actor, input.id);
      if (folder.parentId === null) throw new AppError('FOLDER_ROOT_LOCKED');
      assertUpdatable(actor, folder);
      const access = await checkedAccess(actor, folderAccess(folder), input);
      if (Object.keys(access).length === 0) return toView(actor, folder);
      const before: Record<string, string> = {};
      const after: Record<string, string> = {};
      for (const field of Object.keys(access) as AccessField[]) {
        before[field] = await accessText(actor.tenantId, folder[field]);
        after[field] = await accessText(actor.tenantId, access[field]);
      }
      const updated = await audit.change(
        actor,
        meta,
        (tx) => tx.folders.update(actor.tenantId, folder.id, access),
        () => ({
          action: 'folder.accessChanged',
          targetType: 'folder',
          targetId: folder.id,
          subject: folder.name,
          summary: `Access to folder ${folder.name} changed`,
          details: { ...access, changes: auditChanges(before, after) },
        }),
      );
      return toView(actor, updated!);
    },
  };
  return service;
}

export type FolderService = ReturnType<typeof createFolderService>;
