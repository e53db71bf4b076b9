import { tenantIdColumn, createdAtColumn } from './columns';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './user.table';

export const apiKey = pgTable(
  'api_key',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    // The first characters of the key, shown in lists so people can tell keys apart.
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    active: boolean('active').notNull().default(true),
    expiresAt: date('expires_at', { mode: 'string' }),
    maxUnusedDays: integer('max_unused_days'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('api_key_tenant_user_idx').on(t.tenantId, t.userId)],
);
