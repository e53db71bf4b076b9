import { tenantIdColumn } from './columns';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** System activity: sign-ins and administrative changes, newest first in the console. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantIdColumn(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (t) => [
    index('audit_event_tenant_id_idx').on(t.tenantId, t.id),
    // An item's History tab.
    index('audit_event_target_idx').on(t.tenantId, t.targetType, t.targetId),
  ],
);
