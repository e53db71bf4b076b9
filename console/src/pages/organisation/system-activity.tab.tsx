import { Alert, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, TableMessage } from '../../components/data-table';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';

const pageSize = 50;

/** The tenant's audit trail, newest first, a page at a time. */
export function SystemActivityTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const activity = trpc.systemActivity.list.useInfiniteQuery(
    { limit: pageSize },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, initialCursor: undefined },
  );
  if (activity.error) return <Alert color="red">{errorMessage(t, activity.error)}</Alert>;
  const events = activity.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('activity.intro')}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void activity.refetch()}
          loading={activity.isRefetching && !activity.isFetchingNextPage}
        >
          {t('common.refresh')}
        </Button>
      </Group>
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={190}>{t('activity.when')}</Table.Th>
            <Table.Th>{t('activity.who')}</Table.Th>
            <Table.Th>{t('activity.action')}</Table.Th>
            <Table.Th>{t('activity.what')}</Table.Th>
            <Table.Th>{t('activity.address')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} data-testid="activity-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(e.at)}</Table.Td>
              <Table.Td>{e.actorEmail ?? t('activity.system')}</Table.Td>
              <Table.Td>
                <Code>{e.action}</Code>
              </Table.Td>
              <Table.Td>{e.summary}</Table.Td>
              <Table.Td>
                <Text size="inherit" ff="monospace">
                  {e.ip ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
          {(activity.isLoading || (activity.data && events.length === 0)) && (
            <TableMessage colSpan={5} loading={activity.isLoading} text={t('activity.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('activity.shown', { count: events.length })}
        </Text>
        {activity.hasNextPage && (
          <Button
            variant="default"
            size="xs"
            onClick={() => void activity.fetchNextPage()}
            loading={activity.isFetchingNextPage}
            data-testid="activity-more"
          >
            {t('activity.more')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
