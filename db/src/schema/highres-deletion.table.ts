import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';

export const highresDeletionStates = ['scheduled', 'deleting', 'deleted', 'cancelled'] as const;
export type THighresDeletionState = (typeof highresDeletionStates)[number];

/**
 * An item's high-resolution deletion schedule (spec section 4): one row per item, kept after the deletion so that
 * unscheduling later can say the high res is gone. The run that waits for `at` is the item's highres-deletion
 * workflow; this row is what it and the unschedule check read.
 */
export const highresDeletion = pgTable(
  'highres_deletion',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    state: text('state').$type<THighresDeletionState>().notNull(),
    requestedBy: uuid('requested_by'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('highres_deletion_item_idx').on(t.tenantId, t.itemId),
    index('highres_deletion_item_fk_idx').on(t.itemId),
  ],
);
