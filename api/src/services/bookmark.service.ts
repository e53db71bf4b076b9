import { AppError, can, formatErrorMessage, isAdmin, isInAppRoute, type Actor } from '@mam/core';
import type { TBookmarkRow } from '@mam/db';
import type { AuthedActor } from './actor.service';
import type { AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

export const bookmarkKinds = ['page', 'folder', 'item', 'person', 'search'] as const;
export type TBookmarkKind = (typeof bookmarkKinds)[number];

export interface TBookmarkInput {
  title: string;
  kind: TBookmarkKind;
  scope: 'private' | 'system';
  target: { route: string; folderId?: string; itemId?: string; personId?: string; query?: string };
  icon: string | null;
  isFilter: boolean;
  /** System bookmarks only: who sees them. */
  visibleGroups: string[];
}

export interface TBookmarkView {
  id: string;
  title: string;
  kind: TBookmarkKind;
  scope: 'private' | 'system';
  target: TBookmarkRow['target'];
  icon: string | null;
  isFilter: boolean;
  visibleGroups: string[];
  /** Whether this user may change or delete it. */
  editable: boolean;
}

function canManage(actor: Actor, row: Pick<TBookmarkRow, 'scope' | 'ownerId'>): boolean {
  return row.scope === 'system' ? can(actor, 'manageSystemBookmarks') : row.ownerId === actor.userId;
}

/** System bookmarks use the groups an administrator picked; private ones belong to their user (spec section 6). */
function canSee(actor: Actor, row: TBookmarkRow): boolean {
  if (row.scope === 'private') return row.ownerId === actor.userId;
  return (
    isAdmin(actor) || can(actor, 'manageSystemBookmarks') || row.visibleGroups.some((g) => actor.groupIds.includes(g))
  );
}

export function createBookmarkService(deps: ServiceDeps, audit: AuditService) {
  const { repos } = deps;

  function toView(actor: Actor, row: TBookmarkRow): TBookmarkView {
    return {
      id: row.id,
      title: row.title,
      kind: row.kind,
      scope: row.scope,
      target: row.target,
      icon: row.icon,
      isFilter: row.isFilter,
      visibleGroups: row.visibleGroups,
      editable: canManage(actor, row),
    };
  }

  /**
   * 'Bookmark title is required'; the route must be a path of this application (BOOKMARK_ROUTE_INVALID), since
   * everyone a system bookmark is shown to follows it; a system bookmark needs the permission and at least one
   * group of this tenant.
   */
  async function checked(actor: AuthedActor, input: TBookmarkInput): Promise<TBookmarkInput> {
    const title = input.title.trim();
    if (!title) {
      throw new AppError('BOOKMARK_TITLE_REQUIRED', {
        issues: [{ path: 'title', code: 'BOOKMARK_TITLE_REQUIRED', message: 'Bookmark title is required' }],
      });
    }
    if (!isInAppRoute(input.target.route)) {
      throw new AppError('BOOKMARK_ROUTE_INVALID', {
        issues: [
          {
            path: 'target.route',
            code: 'BOOKMARK_ROUTE_INVALID',
            message: formatErrorMessage('BOOKMARK_ROUTE_INVALID'),
          },
        ],
      });
    }
    if (input.scope === 'private') return { ...input, title, visibleGroups: [] };
    if (!can(actor, 'manageSystemBookmarks')) throw new AppError('FORBIDDEN');
    const groups = [...new Set(input.visibleGroups)];
    if (groups.length === 0) {
      throw new AppError('SELECTED_GROUPS_EMPTY', {
        issues: [{ path: 'visibleGroups', code: 'SELECTED_GROUPS_EMPTY', message: 'Select at least one group.' }],
      });
    }
    const known = new Set((await repos.groups.list(actor.tenantId)).map((g) => g.id));
    if (!groups.every((g) => known.has(g))) throw new AppError('VALIDATION_FAILED');
    return { ...input, title, visibleGroups: groups };
  }

  async function manageable(actor: AuthedActor, id: string): Promise<TBookmarkRow> {
    const row = await repos.bookmarks.findById(actor.tenantId, id);
    if (!row || !canSee(actor, row)) throw new AppError('NOT_FOUND');
    if (!canManage(actor, row)) throw new AppError('FORBIDDEN');
    return row;
  }

  return {
    async list(actor: AuthedActor): Promise<TBookmarkView[]> {
      if (!can(actor, 'bookmarks')) return [];
      const rows = await repos.bookmarks.listFor(actor.tenantId, actor.userId);
      return rows.filter((row) => canSee(actor, row)).map((row) => toView(actor, row));
    },

    async create(actor: AuthedActor, input: TBookmarkInput, meta: RequestMeta | null): Promise<TBookmarkView> {
      if (!can(actor, 'bookmarks')) throw new AppError('FORBIDDEN');
      const value = await checked(actor, input);
      const row = await audit.change(
        actor,
        meta,
        async (tx) => {
          const inserted = await tx.bookmarks.insert(actor.tenantId, {
            ...value,
            ownerId: value.scope === 'private' ? actor.userId : null,
          });
          return inserted;
        },
        // Only system bookmarks are the tenant's business; a private one is its owner's.
        (inserted) =>
          inserted.scope === 'system'
            ? {
                action: 'bookmark.created',
                targetType: 'bookmark',
                targetId: inserted.id,
                subject: inserted.title,
                summary: `System bookmark "${inserted.title}" created`,
              }
            : [],
      );
      return toView(actor, row);
    },

    async update(actor: AuthedActor, id: string, input: TBookmarkInput, meta: RequestMeta | null) {
      const row = await manageable(actor, id);
      const value = await checked(actor, { ...input, scope: row.scope });
      const saved = await audit.change(
        actor,
        meta,
        async (tx) => {
          const updated = await tx.bookmarks.update(actor.tenantId, id, {
            title: value.title,
            target: value.target,
            icon: value.icon,
            isFilter: value.isFilter,
            visibleGroups: value.visibleGroups,
          });
          if (!updated) throw new AppError('NOT_FOUND');
          return updated;
        },
        (updated) =>
          row.scope === 'system'
            ? {
                action: 'bookmark.updated',
                targetType: 'bookmark',
                targetId: id,
                subject: updated.title,
                summary: `System bookmark "${updated.title}" changed`,
              }
            : [],
      );
      return toView(actor, saved);
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      const row = await manageable(actor, id);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.bookmarks.delete(actor.tenantId, id);
        },
        () =>
          row.scope === 'system'
            ? {
                action: 'bookmark.deleted',
                targetType: 'bookmark',
                targetId: id,
                subject: row.title,
                summary: `System bookmark "${row.title}" deleted`,
              }
            : [],
      );
    },
  };
}

export type BookmarkService = ReturnType<typeof createBookmarkService>;
