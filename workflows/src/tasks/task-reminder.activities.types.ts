/** The task (an assigned comment) a reminder run is for. */
export interface TaskReminderInput {
  tenantId: string;
  commentId: string;
}

/** When to remind, read from the task as it is now: null when it needs no reminder (done, deleted, no due date). */
export interface TaskReminderPlan {
  /** ISO time of the due date the reminder is for. */
  dueAt: string;
  /** Milliseconds from now until the reminder is due; 0 for at once. */
  waitMs: number;
}

/**
 * The activities of the task reminder workflow, implemented in @mam/workers. The workflow cannot read the clock
 * deterministically on every runtime, so the plan (which includes "now") is an activity result kept in its history.
 */
export interface TaskReminderActivities {
  planTaskReminder(input: TaskReminderInput): Promise<TaskReminderPlan | null>;
  /** Sends the reminder if the task is still due at `dueAt` and not done; false when it changed meanwhile. */
  sendTaskReminder(input: TaskReminderInput & { dueAt: string }): Promise<boolean>;
}
