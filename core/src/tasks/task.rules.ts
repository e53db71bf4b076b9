import { can, type Actor } from '../permissions/actor';

/** A task is an assigned top-level comment; these are its own fields beside the comment's. */
export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TTaskPriority = (typeof TASK_PRIORITIES)[number];

/** Open → in progress → done, and back to either. Done is the comment's resolved state. */
export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_SORTS = ['due', 'priority', 'created'] as const;
export type TTaskSort = (typeof TASK_SORTS)[number];

/** Higher is more pressing; sorting by priority puts urgent first. */
export const TASK_PRIORITY_RANK: Readonly<Record<TTaskPriority, number>> = { low: 0, normal: 1, high: 2, urgent: 3 };

/** How long before the due date the assignee is reminded, unless configured (TASK_REMINDER_LEAD_HOURS). */
export const DEFAULT_TASK_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

export interface TTaskState {
  authorId: string | null;
  assigneeId: string | null;
  startedAt: Date | null;
  resolvedAt: Date | null;
}

export function taskStatus(task: Pick<TTaskState, 'startedAt' | 'resolvedAt'>): TTaskStatus {
  if (task.resolvedAt) return 'done';
  return task.startedAt ? 'in_progress' : 'open';
}

/** The timestamps that make a status; `startedAt` keeps its first value when a done task goes back to in progress. */
export function taskStatusChange(
  task: Pick<TTaskState, 'startedAt' | 'resolvedAt'>,
  status: TTaskStatus,
  userId: string,
  now: Date,
): { startedAt: Date | null; resolvedAt: Date | null; resolvedBy: string | null } {
  switch (status) {
    case 'open':
      return { startedAt: null, resolvedAt: null, resolvedBy: null };
    case 'in_progress':
      return { startedAt: task.startedAt ?? now, resolvedAt: null, resolvedBy: null };
    case 'done':
      return { startedAt: task.startedAt, resolvedAt: task.resolvedAt ?? now, resolvedBy: userId };
  }
}

/** The status: commentResolve for anyone's task; commentStatus for the task's creator and its assignee. */
export function mayChangeTaskStatus(actor: Actor, task: Pick<TTaskState, 'authorId' | 'assigneeId'>): boolean {
  if (can(actor, 'commentResolve')) return true;
  return can(actor, 'commentStatus') && (task.authorId === actor.userId || task.assigneeId === actor.userId);
}

/** Due date and priority are the assigner's: commentAssign, or the task's creator with commentStatus. */
export function mayPlanTask(actor: Actor, task: Pick<TTaskState, 'authorId'>): boolean {
  if (can(actor, 'commentAssign')) return true;
  return can(actor, 'commentStatus') && task.authorId === actor.userId;
}

/**
 * When to remind the assignee of a task due at `dueAt`: `leadMs` before it, or at once when that has passed but the
 * due date has not. Null when the due date has passed: a reminder then would only be noise.
 */
export function taskReminderDelayMs(dueAt: Date, now: Date, leadMs: number): number | null {
  const untilDue = dueAt.getTime() - now.getTime();
  if (untilDue <= 0) return null;
  return Math.max(0, untilDue - leadMs);
}

/** Overdue: a due date in the past on a task not done. */
export function isTaskOverdue(dueAt: Date | null, status: TTaskStatus, now: Date): boolean {
  return dueAt !== null && status !== 'done' && dueAt.getTime() < now.getTime();
}
