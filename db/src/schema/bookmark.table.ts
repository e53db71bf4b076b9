import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { user } from './user.table';

/** What a bookmark opens: a console route, a folder, an item, a person, or a search with its filters. */
export interface TBookmarkTarget {
  route?: string;
  folderId?: string;
  itemId?: string;
  personId?: string;
  query?: string;
  filters?: Record<string, unknown>;
}

/** Left-menu bookmarks: private ones belong to one user, system ones to the groups an administrator picks. */
export const bookmark = pgTable(
  'bookmark',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    title: text('title').notNull(),
    kind: text('kind').$type<'page' | 'folder' | 'item' | 'person' | 'search'>().notNull(),
    scope: text('scope').$type<'private' | 'system'>().notNull(),
    ownerId: uuid('owner_id').references(() => user.id, { onDelete: 'cascade' }),
    target: jsonb('target').$type<TBookmarkTarget>().notNull(),
    icon: text('icon'),
    isFilter: boolean('is_filter').notNull().default(false),
    visibleGroups: jsonb('visible_groups').$type<string[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bookmark_tenant_owner_idx').on(t.tenantId, t.ownerId)],
);
