import type { ItemMedia, ItemProcess, ItemRenditions, UploadProgress } from '@mam/core';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdColumn } from './columns';
import { item } from './item.table';

/** One uploaded file of an item; the item's leading version is the one shown and played. */
export const itemVersion = pgTable(
  'item_version',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantIdColumn(),
    itemId: uuid('item_id')
      .notNull()
      .references((): AnyPgColumn => item.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }),
    // The tus upload id while the file arrives; the original's key in storage once it is stored.
    uploadId: text('upload_id'),
    storageId: uuid('storage_id'),
    originalKey: text('original_key'),
    // SHA-256 of the original as stored (lowercase hex), computed on ingest: fixity checks and duplicate finding.
    sha256: text('sha256'),
    generatedStorageId: uuid('generated_storage_id'),
    upload: jsonb('upload').$type<UploadProgress>().notNull(),
    transcoding: jsonb('transcoding').$type<ItemProcess>().notNull(),
    probe: jsonb('probe').$type<Record<string, unknown> | null>(),
    media: jsonb('media').$type<ItemMedia | null>(),
    renditions: jsonb('renditions').$type<ItemRenditions>().notNull().default({}),
    // Bytes each rendition step stored (proxy, hls, thumbnail…), by step: they count against the tenant's quota,
    // and a retried step replaces its own figure instead of adding to it.
    renditionBytes: jsonb('rendition_bytes').$type<Record<string, number>>().notNull().default({}),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('item_version_number_idx').on(t.itemId, t.number),
    uniqueIndex('item_version_upload_idx').on(t.uploadId),
    index('item_version_tenant_item_idx').on(t.tenantId, t.itemId),
  ],
);
