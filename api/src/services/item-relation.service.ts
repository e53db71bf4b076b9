import { AppError, canUpdate, canView, can, type Actor } from '@mam/core';
import type { TItemRelationKind, TItemRelationRow, TItemRow } from '@mam/db';
import type { AuthedActor } from './actor.service';
import type { AuditEntry, AuditService } from './audit.service';
import { toItemView } from './items/item-view';
import type { RequestMeta, ServiceDeps } from './service-deps';
import { liveItemOrNotFound } from './items/live-item';

export type TRelationDirection = 'outgoing' | 'incoming';

/** How a relation reads from each end: from "derived from" to, so to is the "source of" from. */
export const relationLabels: Record<TItemRelationKind, Record<TRelationDirection, string>> = {
  derived_from: { outgoing: 'Derived from', incoming: 'Source of' },
  version_of: { outgoing: 'Version of', incoming: 'Has version' },
  appears_in: { outgoing: 'Appears in', incoming: 'Features' },
  related: { outgoing: 'Related', incoming: 'Related' },
};

export interface TRelationView {
  id: string;
  kind: TItemRelationKind;
  /** outgoing: this item is the relation's from item; incoming: its to item. */
  direction: TRelationDirection;
  label: string;
  other: { id: string; title: string; itemType: string; thumbnail: string | null };
  createdAt: string;
  canRemove: boolean;
}

/** Relating needs what changing the item's title needs: the update permission and update access to it. */
function mayRelate(actor: Actor, item: TItemRow): boolean {
  return can(actor, 'update') && canUpdate(actor, item);
}

/**
 * Relations between items, read in both directions. Adding needs update rights on the from item and sight of the
 * to item; only relations whose other item the user can see are listed, so none gives away a hidden item.
 */
export function createItemRelationService(deps: ServiceDeps, audit: AuditService) {
  const { repos } = deps;

  async function visibleItem(actor: Actor, itemId: string): Promise<TItemRow> {
    return liveItemOrNotFound(actor, await repos.items.findById(actor.tenantId, itemId));
  }

  function entry(row: TItemRelationRow, action: 'added' | 'removed', title: string): AuditEntry {
    const label = relationLabels[row.kind].outgoing.toLowerCase();
    return {
      action: `item.relation_${action}`,
      targetType: 'item',
      targetId: row.fromItemId,
      subject: title,
      summary: `${action === 'added' ? 'Relation added' : 'Relation removed'}: ${label} ${title}`,
      details: { relationId: row.id, kind: row.kind, toItemId: row.toItemId },
    };
  }

  return {
    async list(actor: AuthedActor, itemId: string): Promise<TRelationView[]> {
      const item = await visibleItem(actor, itemId);
      const rows = await repos.itemRelations.listForItem(actor.tenantId, itemId);
      const otherIds = rows.map((row) => (row.fromItemId === itemId ? row.toItemId : row.fromItemId));
      const others = new Map(
        (await repos.items.findManyWithVersion(actor.tenantId, [...new Set(otherIds)]))
          .filter(({ item: other }) => !other.deletedAt && canView(actor, other))
          .map((found) => [found.item.id, found]),
      );
      const out: TRelationView[] = [];
      for (const row of rows) {
        const direction: TRelationDirection = row.fromItemId === itemId ? 'outgoing' : 'incoming';
        const other = others.get(direction === 'outgoing' ? row.toItemId : row.fromItemId);
        if (!other) continue;
        const from = direction === 'outgoing' ? item : other.item;
        out.push({
          id: row.id,
          kind: row.kind,
          direction,
          label: relationLabels[row.kind][direction],
          other: {
            id: other.item.id,
            title: other.item.title,
            itemType: other.item.itemType,
            thumbnail: toItemView(other).urls.thumbnail,
          },
          createdAt: row.createdAt.toISOString(),
          canRemove: mayRelate(actor, from),
        });
      }
      return out;
    },

    async add(
      actor: AuthedActor,
      input: { fromItemId: string; toItemId: string; kind: TItemRelationKind },
      meta: RequestMeta | null,
    ): Promise<TRelationView> {
      const from = await visibleItem(actor, input.fromItemId);
      if (!mayRelate(actor, from)) {
        throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId: from.id } });
      }
      if (input.toItemId === from.id) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ path: 'toItemId', code: 'VALIDATION_FAILED', message: 'An item cannot be related to itself.' }],
        });
      }
      const to = await visibleItem(actor, input.toItemId);
      const row = await audit.change(
        actor,
        meta,
        async (tx) => {
          const inserted = await tx.itemRelations.insert(actor.tenantId, { ...input, createdBy: actor.userId });
          if (!inserted) {
            throw new AppError('VALIDATION_FAILED', {
              issues: [{ path: 'toItemId', code: 'VALIDATION_FAILED', message: 'These items are already related so.' }],
            });
          }
          return inserted;
        },
        (inserted) => entry(inserted, 'added', to.title),
      );
      const view = (await this.list(actor, from.id)).find((relation) => relation.id === row.id);
      if (!view) throw new AppError('NOT_FOUND');
      return view;
    },

    /** Removing needs what adding needed on the from item; a relation the user cannot see is NOT_FOUND. */
    async remove(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      const row = await repos.itemRelations.findById(actor.tenantId, id);
      if (!row) throw new AppError('NOT_FOUND');
      const from = await visibleItem(actor, row.fromItemId);
      const to = await visibleItem(actor, row.toItemId);
      if (!mayRelate(actor, from)) throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId: from.id } });
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.itemRelations.delete(actor.tenantId, id))) throw new AppError('NOT_FOUND');
        },
        () => entry(row, 'removed', to.title),
      );
    },
  };
}

export type ItemRelationService = ReturnType<typeof createItemRelationService>;
