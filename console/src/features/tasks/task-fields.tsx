import { Badge, Select, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { isOverdue, PRIORITY_COLOR, TASK_PRIORITIES, TASK_STATUSES, type TTaskPriority, type TTaskStatus } from './task-rules';

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

/**
 * A task's status, due date and priority: editable where the server says this user may (status: creator and
 * assignee; due date and priority: assigner and creator), shown otherwise.
 */
export function TaskFields({ task, compact = false }: { task: TTaskComment; compact?: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateTask();
  const pending = update.isPending;
  return (
    <>
      {task.canResolve ? (
        <Select
          size="xs"
          w={compact ? 130 : 140}
          aria-label={t('taskFields.statusLabel')}
          data={TASK_STATUSES.map((s) => ({ value: s, label: t(`taskFields.status.${s}`) }))}
          value={task.status}
          onChange={(value) => value && update.mutate({ id: task.id, status: value as TTaskStatus })}
          allowDeselect={false}
          disabled={pending}
          data-testid="task-status-select"
        />
      ) : (
        <StatusBadge status={task.status} />
      )}
      {task.canPlan ? (
        <>
          <Select
            size="xs"
            w={compact ? 110 : 120}
            aria-label={t('taskFields.priorityLabel')}
            data={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`taskFields.priority.${p}`) }))}
            value={task.priority}
            onChange={(value) => value && update.mutate({ id: task.id, priority: value as TTaskPriority })}
            allowDeselect={false}
            disabled={pending}
            data-testid="task-priority-select"
          />
          <DateTimePicker
            size="xs"
            w={compact ? 170 : 190}
            aria-label={t('taskFields.dueLabel')}
            placeholder={t('taskFields.noDue')}
            value={task.dueAt ? dayjs(task.dueAt).format('YYYY-MM-DD HH:mm:ss') : null}
            onChange={(value) =>
              update.mutate({ id: task.id, dueAt: value ? dayjs(value).toDate().toISOString() : null })
            }
            valueFormat="YYYY-MM-DD HH:mm"
            clearable
            disabled={pending}
            error={task.dueAt && isOverdue(task, new Date()) ? t('taskFields.overdue') : undefined}
            data-testid="task-due-input"
          />
        </>
      ) : (
        <>
          <PriorityBadge priority={task.priority} />
          <TaskDue task={task} />
        </>
      )}
    </>
  );
}
