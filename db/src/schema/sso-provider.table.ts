import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenant } from './tenant.table';

/** One OpenID Connect provider per tenant for its external single-sign-on users. */
export const ssoProvider = pgTable('sso_provider', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenant.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted'),
  // Groups every new external user joins, besides the organisation group.
  defaultGroupIds: text('default_group_ids').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
