import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenant } from './tenant.table';

export type TWorkflowStatus = 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'TERMINATED';
/** Which runtime owns the run: embedded runs have a journal here; Temporal runs are only indexed here. */
export type TWorkflowRuntimeKind = 'embedded' | 'temporal';

/**
 * One workflow run under its business key (`demo:item-123:transcode`). A new run of a closed key replaces the row
 * and its journal, so reprocessing reuses the id the way Temporal's ALLOW_DUPLICATE reuse policy does.
 */
export const workflowExecution = pgTable(
  'workflow_execution',
  {
    id: text('id').primaryKey(),
    runId: uuid('run_id').notNull(),
    runtime: text('runtime').$type<TWorkflowRuntimeKind>().notNull(),
    type: text('type').notNull(),
    taskQueue: text('task_queue').notNull(),
    input: jsonb('input').$type<unknown[]>().notNull(),
    status: text('status').$type<TWorkflowStatus>().notNull(),
    // `{ value }`, so a workflow returning undefined stays distinguishable from a missing result.
    result: jsonb('result').$type<{ value?: unknown }>(),
    failure: jsonb('failure').$type<Record<string, unknown>>(),
    // Nullable on purpose: system workflows (clean-ups, crash recording) belong to no tenant. A tenant's runs go
    // with the tenant.
    tenantId: uuid('tenant_id').references(() => tenant.id, { onDelete: 'cascade' }),
    // Text, not uuid: the runtime does not care what kind of key a workflow is listed under.
    itemId: text('item_id'),
    // The id of the HTTP request that started the run (its logs carry it), or null (system runs, the CLI).
    requestId: text('request_id'),
    // The W3C traceparent of the span that started the run, when tracing is on: its activities' spans join that trace.
    traceParent: text('trace_parent'),
    // Number of journal events; the next event gets historyLength + 1. Incremented under the row lock.
    historyLength: integer('history_length').notNull().default(0),
    // The last journal event the workflow code had seen when its activation was persisted: a claim hands the
    // events after it to a process that still holds the run in memory, so it needs no replay.
    replayedSeq: integer('replayed_seq').notNull().default(0),
    // Set when new journal events wait for the workflow code (a workflow task is due).
    wakeAt: timestamp('wake_at', { withTimezone: true }),
    // The runtime process replaying the run right now, and until when it may.
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflow_execution_tenant_item_idx').on(t.tenantId, t.itemId),
    index('workflow_execution_wake_idx')
      .on(t.wakeAt)
      .where(sql`${t.status} = 'RUNNING'`),
  ],
);
