import { Badge, Select, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import {
  isOverdue,
  PRIORITY_COLOR,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TTaskPriority,
  type TTaskStatus,
} from './task-rules';

// The picker shows the date in the interface language's own order (L LT).
dayjs.extend(localizedFormat);

type TComment = RouterOutputs['comments']['list'][number];
type TTaskComment = Pick<
  TComment,
  'id' | 'itemId' | 'status' | 'dueAt' | 'priority' | 'canResolve' | 'canPlan' | 'resolved'
>;

/** Changes a task and refreshes every list that shows it (My tasks, everyone's, the item's comments). */
export function useUpdateTask() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  return trpc.comments.updateTask.useMutation({
    onSuccess: async (comment) => {
      await Promise.all([
        utils.comments.myTasks.invalidate(),
        utils.comments.allTasks.invalidate(),
        utils.comments.list.invalidate({ itemId: comment.itemId }),
        utils.items.history.invalidate({ itemId: comment.itemId }),
      ]);
    },
    onError: (error) => notifyError(t, error),
  });
}

/** The due date in the user's format; red with a warning sign once it has passed on a task not done. */
export function TaskDue({ task }: { task: Pick<TTaskComment, 'dueAt' | 'status'> }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!task.dueAt) {
    return (
      <Text size="xs" c="dimmed" data-testid="task-due">
        {t('taskFields.noDue')}
      </Text>
    );
  }
  const overdue = isOverdue(task, new Date());
  return (
    <Text
      size="xs"
      c={overdue ? 'red' : undefined}
      fw={overdue ? 600 : undefined}
      style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 4 }}
      data-testid="task-due"
      data-overdue={overdue ? 'true' : undefined}
    >
      {overdue && <IconAlertTriangle size={12} aria-label={t('taskFields.overdue')} />}
      {format.dateTime(task.dueAt)}
    </Text>
  );
}

export function PriorityBadge({ priority }: { priority: TTaskPriority }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant="light"
      color={PRIORITY_COLOR[priority]}
      style={{ minWidth: 'max-content' }}
      data-testid="task-priority"
    >
      {t(`taskFields.priority.${priority}`)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: TTaskStatus }) {
  const { t } = useTranslation();
  const color = status === 'done' ? 'teal' : status === 'in_progress' ? 'yellow' : 'blue';
  return (
    <Badge size="sm" variant="light" color={color} style={{ minWidth: 'max-content' }} data-testid="task-status">
      {t(`taskFields.status.${status}`)}
    </Badge>
  );
}

/** The status: a select for the creator and the assignee (the server's canResolve), a badge for others. */
export function TaskStatusControl({ task }: { task: TTaskComment }) {
  const { t } = useTranslation();
  const update = useUpdateTask();
  if (!task.canResolve) return <StatusBadge status={task.status} />;
  return (
    <Select
      size="xs"
      w={140}
      aria-label={t('taskFields.statusLabel')}
      data={TASK_STATUSES.map((s) => ({ value: s, label: t(`taskFields.status.${s}`) }))}
      value={task.status}
      onChange={(value) => value && update.mutate({ id: task.id, status: value as TTaskStatus })}
      allowDeselect={false}
      disabled={update.isPending}
      data-testid="task-status-select"
    />
  );
}

/** The priority: a select for the assigner and the creator (canPlan), a badge for others. */
export function TaskPriorityControl({ task }: { task: TTaskComment }) {
  const { t } = useTranslation();
  const update = useUpdateTask();
  if (!task.canPlan) return <PriorityBadge priority={task.priority} />;
  return (
    <Select
      size="xs"
      w={120}
      aria-label={t('taskFields.priorityLabel')}
      data={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`taskFields.priority.${p}`) }))}
      value={task.priority}
      onChange={(value) => value && update.mutate({ id: task.id, priority: value as TTaskPriority })}
      allowDeselect={false}
      disabled={update.isPending}
      data-testid="task-priority-select"
    />
  );
}

/** The due date: a date and time picker for the assigner and the creator (canPlan), the date for others. */
export function TaskDueControl({ task }: { task: TTaskComment }) {
  const { t } = useTranslation();
  const update = useUpdateTask();
  if (!task.canPlan) return <TaskDue task={task} />;
  const overdue = isOverdue(task, new Date());
  return (
    <DateTimePicker
      size="xs"
      w={190}
      aria-label={t('taskFields.dueLabel')}
      placeholder={t('taskFields.noDue')}
      value={task.dueAt ? dayjs(task.dueAt).format('YYYY-MM-DD HH:mm:ss') : null}
      onChange={(value) => update.mutate({ id: task.id, dueAt: value ? dayjs(value).toDate().toISOString() : null })}
      valueFormat="L LT"
      clearable
      disabled={update.isPending}
      error={overdue ? t('taskFields.overdue') : undefined}
      data-testid="task-due-input"
    />
  );
}

/** A task's status, due date and priority, each editable where the server says this user may. */
export function TaskFields({ task }: { task: TTaskComment }) {
  return (
    <>
      <TaskStatusControl task={task} />
      <TaskPriorityControl task={task} />
      <TaskDueControl task={task} />
    </>
  );
}
