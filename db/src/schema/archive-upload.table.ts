import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { itemVersion } from './item-version.table';

/** One part the object storage acknowledged: its ETag, and the MD5 (hex) of the bytes sent as it. */
export interface TArchiveUploadPart {
  partNumber: number;
  etag: string;
  md5: string;
  size: number;
}

/**
 * A multipart upload of an archive copy under way: what an attempt after a crash needs to carry on from the parts
 * already stored instead of sending the whole file again. The row goes when the copy is verified or given up.
 */
export const archiveUpload = pgTable(
  'archive_upload',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => itemVersion.id, { onDelete: 'cascade' }),
    storageId: uuid('storage_id').notNull(),
    key: text('key').notNull(),
    uploadId: text('upload_id').notNull(),
    partSize: integer('part_size').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    parts: jsonb('parts').$type<TArchiveUploadPart[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('archive_upload_target_idx').on(t.tenantId, t.versionId, t.storageId, t.key),
    index('archive_upload_version_idx').on(t.versionId),
  ],
);
