import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workflowExecution } from './workflow-execution.table';

/** A durable timer of an embedded workflow run (`sleep('30 days')`): fired by the scheduler when due. */
export const workflowTimer = pgTable(
  'workflow_timer',
  {
    executionId: text('execution_id')
      .notNull()
      .references(() => workflowExecution.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').notNull(),
    commandSeq: integer('command_seq').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.executionId, t.commandSeq] }), index('workflow_timer_due_idx').on(t.dueAt)],
);
