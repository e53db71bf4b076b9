import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuditEventsTable } from '../../features/audit/audit-events.table';
import { errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';

const pageSize = 50;

/** The tenant's audit trail, newest first, a page at a time. */
export function SystemActivityTab() {
  const { t } = useTranslation();
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
      <AuditEventsTable events={events} loading={activity.isLoading} showAddress rowTestId="activity-row" />
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
