import { tenantIdColumn, createdAtColumn } from './columns';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const user = pgTable(
  'user',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantIdColumn(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    external: boolean('external').notNull().default(false),
    externalSubject: text('external_subject'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    language: text('language'),
    primaryGroupId: uuid('primary_group_id'),
    // Where the user's uploads go when they are not in a folder; checked again at each upload (it may have gone).
    defaultUploadFolderId: uuid('default_upload_folder_id'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    // Encrypted with the server's secret key; never leaves the server.
    mfaSecretEncrypted: text('mfa_secret_encrypted'),
    mfaPendingSecretEncrypted: text('mfa_pending_secret_encrypted'),
    // The 30-second step of the last accepted code: a code is good once, not for its whole window.
    mfaLastUsedStep: integer('mfa_last_used_step'),
    mfaRecoveryCodeHashes: jsonb('mfa_recovery_code_hashes').$type<string[]>().notNull().default([]),
    // Sessions carry the epoch they started in; bumping it voids them all ("log out everywhere", password reset).
    sessionEpoch: integer('session_epoch').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('user_tenant_email_unique').on(t.tenantId, sql`lower(${t.email})`),
    index('user_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('user_tenant_external_subject_unique').on(t.tenantId, t.externalSubject),
  ],
);
