import { tenantIdColumn, createdAtColumn } from './columns';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './user.table';

export type TAuthCodePurpose = 'password_reset' | 'reset_token' | 'sign_in';

/** Single-use, expiring codes: password reset codes, the reset token they turn into, and sign-in codes. */
export const authCode = pgTable(
  'auth_code',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<TAuthCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('auth_code_lookup_idx').on(t.purpose, t.codeHash), index('auth_code_user_idx').on(t.userId)],
);
