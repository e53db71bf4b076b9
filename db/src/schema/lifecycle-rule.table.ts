import type { TLifecycleRuleAction, TLifecycleRunResult } from '@mam/core';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { folder } from './folder.table';
import { storageLocation } from './storage-location.table';

/**
 * A tenant's lifecycle rule (issue 24): archive, or schedule the high-res deletion of, the items of a folder older
 * than a number of days after ingest. The tenant's lifecycle run applies every enabled rule on a durable timer and
 * keeps each rule's last result here.
 */
export const lifecycleRule = pgTable(
  'lifecycle_rule',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    action: text('action').$type<TLifecycleRuleAction>().notNull(),
    // A rule without its folder has nothing to select: it goes with it.
    folderId: uuid('folder_id')
      .notNull()
      .references(() => folder.id, { onDelete: 'cascade' }),
    includeSubfolders: boolean('include_subfolders').notNull().default(true),
    ageDays: integer('age_days').notNull(),
    // An archive rule's target; null: the tenant's default archive location (also once a chosen one is deleted).
    storageId: uuid('storage_id').references(() => storageLocation.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    // The rule runs with this user's permissions and in their name in the audit trail: whoever saved it last.
    updatedBy: uuid('updated_by'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastResult: jsonb('last_result').$type<TLifecycleRunResult | null>(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lifecycle_rule_tenant_idx').on(t.tenantId, t.createdAt),
    index('lifecycle_rule_folder_fk_idx').on(t.folderId),
  ],
);
