import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { folder } from './folder.table';
import { item } from './item.table';
import { storageLocation } from './storage-location.table';

/**
 * A watch folder (spec section 3): files that land under `subpath` of the tenant's folder in a high-res location
 * become items of the target folder once they stop changing. A durable workflow per enabled row polls it.
 */
export const watchFolder = pgTable(
  'watch_folder',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    storageId: uuid('storage_id')
      .notNull()
      .references(() => storageLocation.id, { onDelete: 'cascade' }),
    // Inside the tenant's own folder of the location; '' watches all of it.
    subpath: text('subpath').notNull().default(''),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => folder.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    stableSeconds: integer('stable_seconds').notNull().default(10),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watch_folder_tenant_path_unique').on(t.tenantId, t.storageId, t.subpath),
    index('watch_folder_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * A file a watch folder ingested. The unique key is claimed in the transaction that makes the item, so a poll run
 * again after a restart finds it claimed and makes nothing; a file rewritten (other size or version) is new.
 */
export const watchFolderFile = pgTable(
  'watch_folder_file',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    watchFolderId: uuid('watch_folder_id')
      .notNull()
      .references(() => watchFolder.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    // The ETag of an object, or the modification time of a local file.
    version: text('version').notNull(),
    itemId: uuid('item_id').references(() => item.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('watch_folder_file_claim_unique').on(t.tenantId, t.watchFolderId, t.key, t.size, t.version)],
);
