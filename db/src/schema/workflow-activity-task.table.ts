import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workflowExecution } from './workflow-execution.table';

export type TActivityTaskStatus = 'SCHEDULED' | 'RUNNING';

/** Timeouts and retry policy in milliseconds, resolved from the workflow's activity options when scheduled. */
export interface TActivityTaskOptions {
  startToCloseMs: number | null;
  heartbeatMs: number | null;
  scheduleToCloseMs: number | null;
  retry: {
    initialMs: number;
    backoffCoefficient: number;
    maximumMs: number;
    /** 0 = unlimited, as in Temporal. */
    maximumAttempts: number;
    nonRetryableErrorTypes: string[];
  };
  /** Temporal's priority key: 1 (first) to 5; absent = 3. */
  priorityKey?: number;
  /** Whose turn it is among equal priorities; absent = the run's tenant. */
  fairnessKey?: string;
  /** The run's requestId, copied here so the attempt's logs carry it without reading the run. */
  requestId?: string;
  /** The run's traceParent, copied here for the same reason: the attempt's span is a child of it. */
  traceParent?: string;
}

/** An activity a workflow scheduled and that has not finished yet: polled by the workers of its task queue. */
export const workflowActivityTask = pgTable(
  'workflow_activity_task',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    executionId: text('execution_id')
      .notNull()
      .references(() => workflowExecution.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').notNull(),
    commandSeq: integer('command_seq').notNull(),
    taskQueue: text('task_queue').notNull(),
    activityType: text('activity_type').notNull(),
    args: jsonb('args').$type<unknown[]>().notNull(),
    options: jsonb('options').$type<TActivityTaskOptions>().notNull(),
    status: text('status').$type<TActivityTaskStatus>().notNull(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    attempt: integer('attempt').notNull().default(1),
    // The next attempt may start from then (retry backoff).
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    scheduleToCloseDeadline: timestamp('schedule_to_close_deadline', { withTimezone: true }),
    // Of the running attempt:
    worker: text('worker'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    // The worker process renews this while it lives; a lapsed lease means the process died mid-activity.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startToCloseDeadline: timestamp('start_to_close_deadline', { withTimezone: true }),
    heartbeatDeadline: timestamp('heartbeat_deadline', { withTimezone: true }),
    heartbeatDetails: jsonb('heartbeat_details'),
    lastFailure: jsonb('last_failure').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('workflow_activity_task_command_idx').on(t.executionId, t.commandSeq),
    index('workflow_activity_task_queue_idx')
      .on(t.taskQueue, t.dueAt)
      .where(sql`${t.status} = 'SCHEDULED'`),
  ],
);
