import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { storageLocation } from './storage-location.table';

export type TReplicationStageColumn = 'original' | 'all';

/**
 * A replication setting (spec section 3): new media of the source location is copied in the background to the target,
 * `shard_count` copies at a time, by the setting's durable workflow (`<tenant>:replication:<id>`).
 */
export const replicationSetting = pgTable(
  'replication_setting',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    sourceStorageId: uuid('source_storage_id')
      .notNull()
      .references(() => storageLocation.id, { onDelete: 'cascade' }),
    targetStorageId: uuid('target_storage_id')
      .notNull()
      .references(() => storageLocation.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<TReplicationStageColumn>().notNull().default('original'),
    shardCount: integer('shard_count').notNull().default(1),
    // The target side's API token, sealed with the server's secret box like storage credentials; write-only.
    encryptedApiToken: text('encrypted_api_token'),
    enabled: boolean('enabled').notNull().default(true),
    // When the workflow last finished a round, and how many objects that round copied.
    lastRoundAt: timestamp('last_round_at', { withTimezone: true }),
    lastRoundCopied: integer('last_round_copied').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('replication_setting_ends_unique').on(t.tenantId, t.sourceStorageId, t.targetStorageId),
    index('replication_setting_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
