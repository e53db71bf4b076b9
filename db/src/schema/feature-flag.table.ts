import { tenantIdColumn } from './columns';
import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** System-wide flags, managed by the super administrator; not tenant-owned. */
export const featureFlag = pgTable('feature_flag', {
  id: text('id').primaryKey(),
  description: text('description').notNull().default(''),
  enabledForAll: boolean('enabled_for_all').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const featureFlagTenant = pgTable(
  'feature_flag_tenant',
  {
    flagId: text('flag_id')
      .notNull()
      .references(() => featureFlag.id, { onDelete: 'cascade' }),
    tenantId: tenantIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.flagId, t.tenantId] })],
);
