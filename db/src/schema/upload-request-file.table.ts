import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';
import { share } from './share.table';

/**
 * A file that arrived through an upload request: which request created the item and who (by the name they gave)
 * sent it, so the item's created-by names the request and the owner sees what came in.
 */
export const uploadRequestFile = pgTable(
  'upload_request_file',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => share.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    contributorName: text('contributor_name').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('upload_request_file_item_idx').on(t.tenantId, t.itemId),
    index('upload_request_file_share_idx').on(t.tenantId, t.shareId, t.createdAt),
  ],
);
