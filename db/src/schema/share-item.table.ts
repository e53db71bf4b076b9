import { integer, pgTable, primaryKey, uuid, index } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './columns';
import { item } from './item.table';
import { share } from './share.table';

/** The items of an item share, in the order the owner chose. */
export const shareItem = pgTable(
  'share_item',
  {
    tenantId: tenantIdColumn(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => share.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.itemId] }), index('share_item_tenant_item_idx').on(t.tenantId, t.itemId)],
);
