import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';
import { user } from './user.table';

/**
 * 'derived_from': from is made from to (to is the source); 'version_of': from is a version of to; 'appears_in': a
 * person item (from) appears in to; 'related': no direction meant. Read in both directions.
 */
export const itemRelationKinds = ['derived_from', 'version_of', 'appears_in', 'related'] as const;
export type TItemRelationKind = (typeof itemRelationKinds)[number];

export const itemRelation = pgTable(
  'item_relation',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    fromItemId: uuid('from_item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    toItemId: uuid('to_item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TItemRelationKind>().notNull(),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('item_relation_unique_idx').on(t.tenantId, t.fromItemId, t.toItemId, t.kind),
    index('item_relation_to_idx').on(t.tenantId, t.toItemId),
    check('item_relation_not_self', sql`${t.fromItemId} <> ${t.toItemId}`),
  ],
);
