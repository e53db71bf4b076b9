import { tenantIdColumn, createdAtColumn } from './columns';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './user.table';

export const session = pgTable(
  'session',
  {
    // SHA-256 of the cookie token: a database leak does not hand out live sessions.
    tokenHash: text('token_hash').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    userEpoch: integer('user_epoch').notNull(),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);
