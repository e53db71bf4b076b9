import { tenantIdColumn, createdAtColumn } from './columns';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export type TGroupKind = 'organisation' | 'administrators' | 'custom';

export const group = pgTable(
  'group',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    kind: text('kind').$type<TGroupKind>().notNull().default('custom'),
    // Explicit settings only; defaults and implied permissions are computed by core.
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('group_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`)],
);
