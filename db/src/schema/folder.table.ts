import { tenantIdColumn, createdAtColumn } from './columns';
import { sql } from 'drizzle-orm';
import { index, jsonb, uniqueIndex, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export interface TAccessColumn {
  level: 'tenant' | 'owner' | 'selected_groups';
  groups: string[];
}

export const folder = pgTable(
  'folder',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantIdColumn(),
    // The tenant root folder has no parent.
    parentId: uuid('parent_id').references((): AnyPgColumn => folder.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ownerId: uuid('owner_id'),
    visibleTo: jsonb('visible_to').$type<TAccessColumn | null>(),
    updatableBy: jsonb('updatable_by').$type<TAccessColumn | null>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('folder_tenant_parent_idx').on(t.tenantId, t.parentId),
    // One root per tenant.
    uniqueIndex('folder_single_root')
      .on(t.tenantId)
      .where(sql`parent_id IS NULL`),
  ],
);
