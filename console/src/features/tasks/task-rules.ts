import type { TTaskPriority, TTaskStatus } from '@mam/core';

export { TASK_PRIORITIES, TASK_SORTS, TASK_STATUSES } from '@mam/core';
export type { TTaskPriority, TTaskSort, TTaskStatus } from '@mam/core';

export const PRIORITY_COLOR: Readonly<Record<TTaskPriority, string>> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** Past its due date and not done. */
export function isOverdue(task: { dueAt: string | null; status: TTaskStatus }, now: Date): boolean {
  return task.dueAt !== null && task.status !== 'done' && new Date(task.dueAt).getTime() < now.getTime();
}
