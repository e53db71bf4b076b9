import type { TCommentRow } from '@mam/db';
import {
  TASK_REMINDER_TASK_QUEUE,
  taskChangedSignal,
  taskReminderWorkflowId,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@mam/workflows';
import type { ServiceDeps } from './service-deps';

/** A task that may need a reminder: assigned, with a due date, not done and not deleted. */
function wantsReminder(row: TCommentRow): boolean {
  return !row.parentId && !row.deletedAt && !row.resolvedAt && !!row.assigneeId && !!row.dueAt;
}

/**
 * Keeps each task's reminder run (`<tenant>:task:<comment>:reminder`) in step with the task. A running run is
 * signalled and plans again from the task as stored; a task that needs a reminder and has no run gets one.
 */
export function createTaskReminderService(deps: ServiceDeps) {
  return {
    /** Called after the task's change has committed; a failure is logged, the change stands. */
    async changed(tenantId: string, row: TCommentRow): Promise<void> {
      const engine = deps.workflows;
      if (!engine) return;
      const workflowId = taskReminderWorkflowId(tenantId, row.id);
      try {
        try {
          await engine.signal(workflowId, taskChangedSignal);
          return;
        } catch (error) {
          if (!(error instanceof WorkflowNotFoundError)) throw error;
        }
        if (!wantsReminder(row)) return;
        await engine.start('taskReminderWorkflow', {
          workflowId,
          taskQueue: TASK_REMINDER_TASK_QUEUE,
          args: [{ tenantId, commentId: row.id }],
          tenantId,
          itemId: row.itemId,
        });
      } catch (error) {
        // Started by a change at the same moment: that run reads the task as stored, this change included.
        if (error instanceof WorkflowExecutionAlreadyStartedError) return;
        deps.logger.error({ err: error, commentId: row.id }, 'task reminder could not be scheduled');
      }
    },
  };
}

export type TaskReminderService = ReturnType<typeof createTaskReminderService>;
