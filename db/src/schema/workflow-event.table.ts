import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { workflowExecution } from './workflow-execution.table';

/**
 * What the journal records. Commands the workflow code issued (scheduled, cancel requested, timer started or
 * cancelled, closed) are checked against the code on replay; the others are inputs fed back to it in order.
 */
export type TWorkflowEventKind =
  | 'WorkflowStarted'
  | 'ActivityScheduled'
  | 'ActivityCompleted'
  | 'ActivityFailed'
  | 'ActivityCancelRequested'
  | 'ActivityCancelled'
  | 'TimerStarted'
  | 'TimerFired'
  | 'TimerCancelled'
  | 'SignalReceived'
  | 'CancelRequested'
  | 'WorkflowCompleted'
  | 'WorkflowFailed'
  | 'WorkflowCancelled'
  | 'WorkflowTerminated';

/** The journal of an embedded workflow run: replaying it rebuilds the run's state after a restart. */
export const workflowEvent = pgTable(
  'workflow_event',
  {
    executionId: text('execution_id')
      .notNull()
      .references(() => workflowExecution.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<TWorkflowEventKind>().notNull(),
    // The workflow command (activity or timer) the event belongs to, numbered in the order the code issued them.
    commandSeq: integer('command_seq'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.executionId, t.seq] }),
    // A command is journalled once, whatever goes wrong between processes.
    uniqueIndex('workflow_event_command_idx')
      .on(t.executionId, t.commandSeq)
      .where(sql`${t.kind} in ('ActivityScheduled', 'TimerStarted')`),
  ],
);
