import { bigint, index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TAnnotation, TTaskPriority } from '@mam/core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';
import { share } from './share.table';
import { shareVisit } from './share-visit.table';
import { user } from './user.table';

/**
 * Comments on an item, optionally at a timecode or range in ticks of 1/12800 s from the media start. Replies sit
 * one level under a top-level comment; only top-level comments carry a timecode, an assignee and a resolved state.
 */
export const comment = pgTable(
  'comment',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comment.id, { onDelete: 'cascade' }),
    // Kept as a plain id when the user goes: the thread stays readable, the author shows as unknown.
    authorId: uuid('author_id').references(() => user.id, { onDelete: 'set null' }),
    // An outside reviewer commenting through a share link: no user, the name they gave, and the share.
    externalAuthor: text('external_author'),
    shareId: uuid('share_id').references(() => share.id, { onDelete: 'set null' }),
    // The browser that wrote it: its reviewer may edit it from the share page, nobody else there may.
    shareVisitId: uuid('share_visit_id').references(() => shareVisit.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    tcIn: bigint('tc_in', { mode: 'number' }),
    tcOut: bigint('tc_out', { mode: 'number' }),
    // Shapes drawn on the frame at the timecode, checked by checkedAnnotation (core) before they are stored.
    annotation: jsonb('annotation').$type<TAnnotation>(),
    assigneeId: uuid('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    // A task is an assigned top-level comment: done is resolved; in progress is started and not resolved.
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    priority: text('priority').$type<TTaskPriority>().notNull().default('normal'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    // Soft delete: replies under a deleted comment keep their place ("This comment was deleted").
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('comment_tenant_item_idx').on(t.tenantId, t.itemId, t.createdAt),
    index('comment_tenant_assignee_idx').on(t.tenantId, t.assigneeId),
    index('comment_tenant_assignee_due_idx').on(t.tenantId, t.assigneeId, t.dueAt),
    index('comment_parent_idx').on(t.parentId),
  ],
);
