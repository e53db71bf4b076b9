import { taskReminderDelayMs, taskStatus } from '@mam/core';
import type { Repositories, TCommentRow } from '@mam/db';
import type { TaskReminderActivities, TaskReminderInput, TaskReminderPlan } from '@mam/workflows';

export interface TaskReminderActivityDeps {
  repos: Pick<Repositories, 'comments' | 'items'>;
  clock: () => Date;
  /** How long before the due date the assignee hears of it. */
  leadMs: number;
  /** Tells the assignee (bell and e-mail by their preferences); the item's visibility is checked there. */
  remind(tenantId: string, task: TCommentRow): Promise<void>;
}

/** A task still waiting for its assignee: assigned, not done, not deleted, on an item not in the recycle bin. */
async function pendingTask(deps: TaskReminderActivityDeps, input: TaskReminderInput): Promise<TCommentRow | null> {
  const row = await deps.repos.comments.findById(input.tenantId, input.commentId);
  if (!row || row.deletedAt || row.parentId || !row.assigneeId || !row.dueAt) return null;
  if (taskStatus(row) === 'done') return null;
  const item = await deps.repos.items.findById(input.tenantId, row.itemId);
  return item && !item.deletedAt ? row : null;
}

/** The task reminder workflow's activities: read the task as it is now, and remind its assignee. */
export function createTaskReminderActivities(deps: TaskReminderActivityDeps): TaskReminderActivities {
  return {
    async planTaskReminder(input): Promise<TaskReminderPlan | null> {
      const row = await pendingTask(deps, input);
      if (!row?.dueAt) return null;
      const waitMs = taskReminderDelayMs(row.dueAt, deps.clock(), deps.leadMs);
      return waitMs === null ? null : { dueAt: row.dueAt.toISOString(), waitMs };
    },

    async sendTaskReminder(input): Promise<boolean> {
      const row = await pendingTask(deps, input);
      if (!row?.dueAt || row.dueAt.toISOString() !== input.dueAt) return false;
      await deps.remind(input.tenantId, row);
      return true;
    },
  };
}
