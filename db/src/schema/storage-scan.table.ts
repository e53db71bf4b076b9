import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';
import { storageLocation } from './storage-location.table';

export type TStorageScanStatus = 'running' | 'completed' | 'failed';

/** One catch-up ingest of a storage location (spec section 4): what it was asked for and how far it got. */
export const storageScan = pgTable(
  'storage_scan',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    storageId: uuid('storage_id')
      .notNull()
      .references(() => storageLocation.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').notNull(),
    // Only files modified within [from, to] are ingested; null bounds are open.
    modifiedFrom: timestamp('modified_from', { withTimezone: true }),
    modifiedTo: timestamp('modified_to', { withTimezone: true }),
    status: text('status').$type<TStorageScanStatus>().notNull().default('running'),
    filesSeen: integer('files_seen').notNull().default(0),
    itemsCreated: integer('items_created').notNull().default(0),
    filesSkipped: integer('files_skipped').notNull().default(0),
    error: text('error'),
    workflowId: text('workflow_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('storage_scan_tenant_storage_idx').on(t.tenantId, t.storageId, t.createdAt)],
);

/**
 * A file of a storage location that is already an item. Known means the same location, key, size and fingerprint
 * (SHA-256 of a local file, the ETag of an object): the unique index makes a rescan, or a page run again after a
 * crash, create nothing.
 */
export const storageScanFile = pgTable(
  'storage_scan_file',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    storageId: uuid('storage_id')
      .notNull()
      .references(() => storageLocation.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    itemId: uuid('item_id').references(() => item.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('storage_scan_file_known_idx').on(t.tenantId, t.storageId, t.key, t.size, t.fingerprint)],
);
