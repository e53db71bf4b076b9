import { count, eq } from 'drizzle-orm';
import type { Database } from '../client/database';
import { workflowActivityTask, workflowExecution, type TWorkflowStatus } from '../schema';

/**
 * Counts for the operators' metrics, read when Prometheus scrapes: one grouped query each, over every tenant (the
 * figures are about the installation, and carry no tenant's data).
 */
export function createWorkflowMetricsRepository(db: Database) {
  return {
    /** Runs kept in the database by workflow type and state (a closed run stays until its id is reused). */
    async workflowsByTypeAndStatus(): Promise<Array<{ type: string; status: TWorkflowStatus; count: number }>> {
      return db
        .select({ type: workflowExecution.type, status: workflowExecution.status, count: count() })
        .from(workflowExecution)
        .groupBy(workflowExecution.type, workflowExecution.status);
    },

    /** Activity tasks waiting for a worker (scheduled, not running), by task queue. */
    async pendingTasksByQueue(): Promise<Array<{ taskQueue: string; count: number }>> {
      return db
        .select({ taskQueue: workflowActivityTask.taskQueue, count: count() })
        .from(workflowActivityTask)
        .where(eq(workflowActivityTask.status, 'SCHEDULED'))
        .groupBy(workflowActivityTask.taskQueue);
    },
  };
}

export type WorkflowMetricsRepository = ReturnType<typeof createWorkflowMetricsRepository>;
