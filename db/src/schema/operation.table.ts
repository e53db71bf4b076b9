import type { OperationKind, OperationStatus } from '@mam/core';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdColumn } from './columns';

/** A row of the activity monitor: an upload or a processing run, with its status and progress. */
export const operation = pgTable(
  'operation',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id'),
    kind: text('kind').$type<OperationKind>().notNull(),
    status: text('status').$type<OperationStatus>().notNull(),
    itemId: uuid('item_id'),
    versionId: uuid('version_id'),
    title: text('title').notNull(),
    progress: real('progress').notNull().default(0),
    step: text('step'),
    error: text('error'),
    workflowId: text('workflow_id'),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    bytesDone: bigint('bytes_done', { mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('operation_version_idx').on(t.versionId),
  ],
);
