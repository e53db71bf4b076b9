import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn } from './columns';
import { itemVersion } from './item-version.table';
import { replicationSetting } from './replication-setting.table';

export type TReplicationObjectStateColumn = 'copied' | 'failed';

/**
 * One item version's media as a replication copied it (or failed to): the record that makes each one copied once,
 * and lets a restarted workflow carry on with the rest of the backlog.
 */
export const replicationObject = pgTable(
  'replication_object',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    settingId: uuid('setting_id')
      .notNull()
      .references(() => replicationSetting.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => itemVersion.id, { onDelete: 'cascade' }),
    // The original's key, the same in source and target.
    key: text('key').notNull(),
    state: text('state').$type<TReplicationObjectStateColumn>().notNull(),
    // Objects copied for the version (the original, and its generated files when the stage is "all").
    files: integer('files').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('replication_object_setting_version_unique').on(t.settingId, t.versionId),
    index('replication_object_tenant_setting_idx').on(t.tenantId, t.settingId, t.state),
  ],
);
