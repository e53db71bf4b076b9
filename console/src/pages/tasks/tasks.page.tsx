import { Alert, Group, SegmentedControl, Select, Stack, Switch, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, TableMessage } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { TASK_SORTS, type TTaskSort, type TTaskStatus } from '../../features/tasks/task-rules';
import { errorMessage } from '../../lib/app-error';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { TaskRow } from './task-row';

/** Not done (open and in progress), one status, or everything. */
type TTaskFilter = 'active' | TTaskStatus | 'all';

const LIMIT = 200;

function taskQuery(filter: TTaskFilter, sort: TTaskSort) {
  if (filter === 'active') return { state: 'open' as const, sort, limit: LIMIT };
  if (filter === 'all') return { state: 'all' as const, sort, limit: LIMIT };
  return { state: 'all' as const, status: filter, sort, limit: LIMIT };
}

/**
 * My tasks (/userTasks): comments assigned to me with their status, due date and priority, filtered by status and
 * sorted by due date, priority or creation; overdue ones stand out. Each opens the item at the comment's timecode.
 * With taskListAll, a switch lists everyone's tasks instead.
 */
export default function TasksPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [filter, setFilter] = useState<TTaskFilter>('active');
  const [sort, setSort] = useState<TTaskSort>('due');
  const mayListAll = can('taskListAll');
  const [everyone, setEveryone] = useState(false);
  const listAll = mayListAll && everyone;
  const query = taskQuery(filter, sort);
  const mine = trpc.comments.myTasks.useQuery(query, { enabled: !listAll });
  const all = trpc.comments.allTasks.useQuery(query, { enabled: listAll });
  const tasks = listAll ? all : mine;
  const rows = tasks.data ?? [];
  const columns = listAll ? 8 : 7;

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('tasks.title')}
        description={listAll ? t('tasks.everyoneDescription') : t('tasks.description')}
      />
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <SegmentedControl
            value={filter}
            onChange={(value) => setFilter(value as TTaskFilter)}
            data={[
              { value: 'active', label: t('taskFields.filter.active') },
              { value: 'open', label: t('taskFields.status.open') },
              { value: 'in_progress', label: t('taskFields.status.in_progress') },
              { value: 'done', label: t('taskFields.status.done') },
              { value: 'all', label: t('tasks.all') },
            ]}
            aria-label={t('tasks.filter')}
            data-testid="tasks-filter"
          />
          <Select
            size="sm"
            w={200}
            aria-label={t('taskFields.sortLabel')}
            data={TASK_SORTS.map((value) => ({ value, label: t(`taskFields.sort.${value}`) }))}
            value={sort}
            onChange={(value) => value && setSort(value as TTaskSort)}
            allowDeselect={false}
            data-testid="tasks-sort"
          />
        </Group>
        {mayListAll && (
          <Switch
            label={t('tasks.everyone')}
            checked={everyone}
            onChange={(event) => setEveryone(event.currentTarget.checked)}
            data-testid="tasks-everyone"
          />
        )}
      </Group>
      {tasks.error ? (
        <Alert color="red">{errorMessage(t, tasks.error)}</Alert>
      ) : (
        <DataTable data-testid="tasks-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('tasks.comment')}</Table.Th>
              <Table.Th>{t('tasks.timecode')}</Table.Th>
              <Table.Th>{t('tasks.author')}</Table.Th>
              {listAll && <Table.Th>{t('tasks.assignee')}</Table.Th>}
              <Table.Th>{t('taskFields.dueLabel')}</Table.Th>
              <Table.Th>{t('taskFields.priorityLabel')}</Table.Th>
              <Table.Th>{t('taskFields.statusLabel')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <TableMessage colSpan={columns} loading={tasks.isLoading} text={t('tasks.none')} />
            ) : (
              rows.map((task) => <TaskRow key={task.comment.id} task={task} showAssignee={listAll} />)
            )}
          </Table.Tbody>
        </DataTable>
      )}
    </Stack>
  );
}
