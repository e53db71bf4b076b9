import { condition, defineSignal, proxyActivities, setHandler } from '../runtime';
import type { TaskReminderActivities, TaskReminderInput } from './task-reminder.activities.types';

export const TASK_REMINDER_TASK_QUEUE = 'tasks';

/** The task's due date, status or assignee changed, or it was deleted: plan the reminder again. */
export const taskChangedSignal = defineSignal('taskChanged');

/** A business key per task: one reminder run at a time. */
export function taskReminderWorkflowId(tenantId: string, commentId: string): string {
  return `${tenantId}:task:${commentId}:reminder`;
}

const { planTaskReminder, sendTaskReminder } = proxyActivities<TaskReminderActivities>({
  taskQueue: TASK_REMINDER_TASK_QUEUE,
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20 },
});

/**
 * Sleeps until the lead time before the task's due date, then reminds its assignee (bell and e-mail). Any change
 * to the task signals the run, which plans again from the task as it is then: a new due date moves the reminder, a
 * task done or deleted ends the run without one. It ends once a reminder went out; a later due date starts a new run.
 */
export async function taskReminderWorkflow(input: TaskReminderInput): Promise<'reminded' | 'not-needed'> {
  let changes = 0;
  setHandler(taskChangedSignal, () => {
    changes += 1;
  });
  let remindedFor: string | null = null;
  for (;;) {
    const seen = changes;
    const plan = await planTaskReminder(input);
    if (!plan) return remindedFor ? 'reminded' : 'not-needed';
    if (plan.dueAt === remindedFor) return 'reminded';
    if (plan.waitMs > 0) {
      const changed = await condition(() => changes !== seen, plan.waitMs);
      if (changed) continue;
    }
    if (await sendTaskReminder({ ...input, dueAt: plan.dueAt })) {
      remindedFor = plan.dueAt;
      // A change that arrived while reminding may have moved the due date: plan again for that one.
      if (changes === seen) return 'reminded';
    }
  }
}
