import { Alert, Button, Code, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

export function SystemActivityTab() {
  const { t } = useTranslation();
  const activity = trpc.systemActivity.list.useInfiniteQuery(
    { limit: 50 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, initialCursor: undefined },
  );
  if (activity.error) return <Alert color="red">{errorMessage(t, activity.error)}</Alert>;
  const events = activity.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Stack>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('activity.when')}</Table.Th>
            <Table.Th>{t('activity.who')}</Table.Th>
            <Table.Th>{t('activity.action')}</Table.Th>
            <Table.Th>{t('activity.what')}</Table.Th>
            <Table.Th>{t('activity.address')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm">{formatDateTime(e.at)}</Text>
              </Table.Td>
              <Table.Td>{e.actorEmail ?? '—'}</Table.Td>
              <Table.Td>
                <Code>{e.action}</Code>
              </Table.Td>
              <Table.Td>{e.summary}</Table.Td>
              <Table.Td>{e.ip ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {activity.hasNextPage && (
        <Button
          variant="default"
          w="fit-content"
          onClick={() => void activity.fetchNextPage()}
          loading={activity.isFetchingNextPage}
        >
          {t('activity.more')}
        </Button>
      )}
    </Stack>
  );
}
