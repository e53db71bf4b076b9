import {
  Alert,
  Button,
  Center,
  Code,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { formatDurationWords } from '@mam/core';
import {
  IconAlertTriangle,
  IconBolt,
  IconCheck,
  IconClock,
  IconDownload,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
  IconSquareX,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { DataTable } from '../../components/data-table';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { JobStatusBadge, TemporalUiLink, useJobDuration, useWorkflowTypeName } from './background-jobs.tab';

type TJobDetail = RouterOutputs['backgroundJobs']['get'];
type TJobEvent = TJobDetail['events'][number];

const RETRYABLE = new Set(['FAILED', 'CANCELLED', 'TERMINATED']);

/** The link the console downloads a run's history from (the REST route accepts the session for it). */
export function historyDownloadUrl(workflowId: string): string {
  return `/api/v1/workflows/${encodeURIComponent(workflowId)}/history.json`;
}

function eventIcon(kind: string): { icon: ReactNode; colour: string } {
  if (kind.endsWith('Failed') || kind.endsWith('TimedOut')) return { icon: <IconX size={12} />, colour: 'red' };
  if (kind.endsWith('Completed')) return { icon: <IconCheck size={12} />, colour: 'teal' };
  if (kind.endsWith('Cancelled') || kind.endsWith('CancelRequested'))
    return { icon: <IconSquareX size={12} />, colour: 'orange' };
  if (kind === 'WorkflowTerminated') return { icon: <IconPlayerStop size={12} />, colour: 'grape' };
  if (kind.startsWith('Timer')) return { icon: <IconClock size={12} />, colour: 'gray' };
  if (kind === 'SignalReceived') return { icon: <IconBolt size={12} />, colour: 'yellow' };
  return { icon: <IconPlayerPlay size={12} />, colour: 'blue' };
}

/** One run with its history: what it is, how it ended, its activities with their attempts and every event. */
export function BackgroundJobDrawer({ workflowId, onClose }: { workflowId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const typeName = useWorkflowTypeName();
  const duration = useJobDuration();
  const utils = trpc.useUtils();
  const job = trpc.backgroundJobs.get.useQuery(
    { workflowId },
    // A running job's history grows: it is read again while the drawer is open.
    { refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? 2000 : false) },
  );
  const [confirmation, confirm] = useConfirm();
  const refresh = async () => {
    await utils.backgroundJobs.get.invalidate({ workflowId });
    await utils.backgroundJobs.list.invalidate();
  };
  const retry = trpc.backgroundJobs.retry.useMutation({ onSettled: refresh });
  const cancel = trpc.backgroundJobs.cancel.useMutation({ onSettled: refresh });
  const terminate = trpc.backgroundJobs.terminate.useMutation({ onSettled: refresh });

  const activityName = (type: string | undefined) =>
    type ? t(`jobs.activities.${type}`, { defaultValue: type }) : t('jobs.activity');

  function sentence(event: TJobEvent): string {
    const activity = activityName(event.activityType);
    switch (event.kind) {
      case 'ActivityScheduled':
      case 'ActivityCancelRequested':
      case 'ActivityCancelled':
      case 'ActivityTimedOut':
        return t(`jobs.events.${event.kind}`, { activity });
      case 'ActivityStarted':
      case 'ActivityCompleted':
      case 'ActivityFailed':
        return t(`jobs.events.${event.kind}`, { activity, attempt: event.attempt ?? 1 });
      case 'TimerStarted':
        return t('jobs.events.TimerStarted', {
          duration: formatDurationWords((event.timerMs ?? 0) / 1000, t),
        });
      case 'SignalReceived':
        return t('jobs.events.SignalReceived', { name: event.signalName ?? '' });
      case 'Other':
        return event.rawType ?? event.kind;
      default:
        return t(`jobs.events.${event.kind}`);
    }
  }

  const data = job.data;
  const act = (label: string, message: string, run: () => Promise<unknown>, done: string) =>
    confirm({
      title: label,
      message,
      confirmLabel: label,
      onConfirm: () =>
        run().then(
          () => notifySuccess(done),
          (error: unknown) => notifyError(t, error),
        ),
    });

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={<Title order={4}>{data ? typeName(data.type) : t('jobs.history')}</Title>}
      data-testid="job-drawer"
    >
      {job.isLoading && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {job.error && <Alert color="red">{errorMessage(t, job.error)}</Alert>}
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
            <Text size="sm" c="dimmed">
              {t('jobs.businessId')}
            </Text>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="job-id">
              {data.workflowId}
            </Text>
            <Text size="sm" c="dimmed">
              {t('jobs.state')}
            </Text>
            <div>
              <JobStatusBadge status={data.status} />
            </div>
            <Text size="sm" c="dimmed">
              {t('jobs.tenant')}
            </Text>
            <Text size="sm">{data.tenant?.name ?? t('jobs.system')}</Text>
            <Text size="sm" c="dimmed">
              {t('jobs.started')}
            </Text>
            <Text size="sm">{format.dateTimeSeconds(data.startedAt)}</Text>
            <Text size="sm" c="dimmed">
              {t('jobs.duration')}
            </Text>
            <Text size="sm">{duration(data)}</Text>
            <Text size="sm" c="dimmed">
              {t('jobs.runId')}
            </Text>
            <Text size="xs" ff="monospace" data-testid="job-run-id">
              {data.runId}
            </Text>
          </SimpleGrid>

          <Group gap="xs">
            {RETRYABLE.has(data.status) && (
              <Button
                size="xs"
                leftSection={<IconRefresh size={14} />}
                loading={retry.isPending}
                onClick={() =>
                  act(
                    t('jobs.retry'),
                    t('jobs.confirmRetry', { id: workflowId }),
                    () => retry.mutateAsync({ workflowId }),
                    t('jobs.retried'),
                  )
                }
                data-testid="job-retry"
              >
                {t('jobs.retry')}
              </Button>
            )}
            {data.status === 'RUNNING' && (
              <>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconSquareX size={14} />}
                  onClick={() =>
                    act(
                      t('jobs.cancel'),
                      t('jobs.confirmCancel', { id: workflowId }),
                      () => cancel.mutateAsync({ workflowId }),
                      t('jobs.cancelled'),
                    )
                  }
                  data-testid="job-cancel"
                >
                  {t('jobs.cancel')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconPlayerStop size={14} />}
                  onClick={() =>
                    act(
                      t('jobs.terminate'),
                      t('jobs.confirmTerminate', { id: workflowId }),
                      () => terminate.mutateAsync({ workflowId }),
                      t('jobs.terminated'),
                    )
                  }
                  data-testid="job-terminate"
                >
                  {t('jobs.terminate')}
                </Button>
              </>
            )}
            <Button
              size="xs"
              variant="default"
              component="a"
              href={historyDownloadUrl(data.workflowId)}
              download
              leftSection={<IconDownload size={14} />}
              data-testid="job-download-history"
            >
              {t('jobs.downloadHistory')}
            </Button>
            {data.temporalUiUrl && <TemporalUiLink url={data.temporalUiUrl} size="sm" />}
          </Group>

          {data.failure && (
            <Alert color="red" icon={<IconAlertTriangle size={16} />} title={t('jobs.error')} data-testid="job-failure">
              <Text size="sm">{data.failure.rootMessage}</Text>
              {data.failure.message !== data.failure.rootMessage && (
                <Text size="xs" c="dimmed">
                  {data.failure.message}
                </Text>
              )}
            </Alert>
          )}

          <Text fw={600} size="sm">
            {t('jobs.activitiesTitle')}
          </Text>
          <DataTable>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('jobs.activity')}</Table.Th>
                <Table.Th>{t('jobs.state')}</Table.Th>
                <Table.Th>{t('jobs.attempts')}</Table.Th>
                <Table.Th>{t('jobs.scheduled')}</Table.Th>
                <Table.Th>{t('jobs.error')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.activities.map((activity) => (
                <Table.Tr key={activity.ref} data-testid="job-activity" data-state={activity.state}>
                  <Table.Td>{activityName(activity.activityType)}</Table.Td>
                  <Table.Td>
                    <JobStatusBadge status={activity.state} />
                  </Table.Td>
                  <Table.Td data-testid="job-activity-attempts">{activity.attempts}</Table.Td>
                  <Table.Td>{format.dateTimeSeconds(activity.scheduledAt)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c={activity.failure ? 'red' : 'dimmed'}>
                      {activity.failure?.rootMessage ?? activity.lastFailure ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {data.activities.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      {t('jobs.noActivities')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </DataTable>

          <Text fw={600} size="sm">
            {t('jobs.timeline')}
          </Text>
          <Timeline bulletSize={22} lineWidth={2} data-testid="job-timeline">
            {data.events.map((event) => {
              const { icon, colour } = eventIcon(event.kind);
              return (
                <Timeline.Item
                  key={event.id}
                  bullet={
                    <ThemeIcon size={22} radius="xl" color={colour}>
                      {icon}
                    </ThemeIcon>
                  }
                  title={
                    <Text size="sm" fw={500} data-testid="job-event" data-kind={event.kind}>
                      {sentence(event)}
                    </Text>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {format.dateTimeSeconds(event.at)}
                  </Text>
                  {event.failure && (
                    <Code block c="red" mt={4} fz="xs">
                      {event.failure.rootMessage}
                    </Code>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
        </Stack>
      )}
      {confirmation}
    </Drawer>
  );
}
