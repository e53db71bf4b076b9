import { Alert, Group, SegmentedControl, Stack, Switch, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, TableMessage } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/app-error';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { TaskRow } from './task-row';

type TTaskState = 'open' | 'resolved' | 'all';

const LIMIT = 200;

/**
 * My tasks (/userTasks): comments assigned to me, newest first, filtered by state; each opens the item at the
 * comment's timecode. With taskListAll, a switch lists everyone's tasks instead.
 */
export default function TasksPage() {
  const { t } = useTranslation();
  const can = useCan();
  const utils = trpc.useUtils();
  const [state, setState] = useState<TTaskState>('open');
  const mayListAll = can('taskListAll');
  const [everyone, setEveryone] = useState(false);
  const listAll = mayListAll && everyone;
  const mine = trpc.comments.myTasks.useQuery({ state, limit: LIMIT }, { enabled: !listAll });
  const all = trpc.comments.allTasks.useQuery({ state, limit: LIMIT }, { enabled: listAll });
  const tasks = listAll ? all : mine;
  const setResolved = trpc.comments.setResolved.useMutation({
    onSuccess: async (comment) => {
      await Promise.all([
        utils.comments.myTasks.invalidate(),
        utils.comments.allTasks.invalidate(),
        utils.comments.list.invalidate({ itemId: comment.itemId }),
      ]);
    },
    onError: (error) => notifyError(t, error),
  });
  const rows = tasks.data ?? [];
  const columns = listAll ? 7 : 6;

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('tasks.title')}
        description={listAll ? t('tasks.everyoneDescription') : t('tasks.description')}
      />
      <Group justify="space-between" mb="sm">
        <SegmentedControl
          value={state}
          onChange={(value) => setState(value as TTaskState)}
          data={[
            { value: 'open', label: t('tasks.open') },
            { value: 'resolved', label: t('tasks.resolved') },
            { value: 'all', label: t('tasks.all') },
          ]}
          aria-label={t('tasks.filter')}
          data-testid="tasks-filter"
        />
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
              <Table.Th>{t('tasks.state')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <TableMessage colSpan={columns} loading={tasks.isLoading} text={t('tasks.none')} />
            ) : (
              rows.map((task) => (
                <TaskRow
                  key={task.comment.id}
                  task={task}
                  showAssignee={listAll}
                  onResolve={(id, resolved) => setResolved.mutate({ id, resolved })}
                  resolving={setResolved.isPending && setResolved.variables?.id === task.comment.id}
                />
              ))
            )}
          </Table.Tbody>
        </DataTable>
      )}
    </Stack>
  );
}
