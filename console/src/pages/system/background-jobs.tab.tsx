import { Alert, Anchor, Badge, Button, Group, MultiSelect, Select, Stack, Table, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatDurationWords } from '@mam/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DataTable, TableMessage } from '../../components/data-table';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { BackgroundJobDrawer } from './background-job.drawer';

type TJob = RouterOutputs['backgroundJobs']['list']['jobs'][number];
export type TJobStatus = TJob['status'];

const pageSize = 50;
const statuses: TJobStatus[] = ['RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'TERMINATED'];

export const statusColour: Record<string, string> = {
  RUNNING: 'blue',
  SCHEDULED: 'gray',
  STARTED: 'blue',
  COMPLETED: 'teal',
  FAILED: 'red',
  TIMED_OUT: 'red',
  CANCEL_REQUESTED: 'orange',
  CANCELLED: 'orange',
  TERMINATED: 'grape',
};

/** Translated workflow type names; a type the console does not know shows as its code name. */
export function useWorkflowTypeName() {
  const { t } = useTranslation();
  return (type: string) => t(`jobs.types.${type}`, { defaultValue: type });
}

/** How long a run took, or has been running, in words ('1 minute 5 seconds'). */
export function useJobDuration() {
  const { t } = useTranslation();
  return (job: Pick<TJob, 'startedAt' | 'closedAt'>) => {
    const end = job.closedAt ? new Date(job.closedAt).getTime() : Date.now();
    return formatDurationWords(Math.max(0, (end - new Date(job.startedAt).getTime()) / 1000), t);
  };
}

/** The run's page in the Temporal web UI (runs on Temporal, with TEMPORAL_UI_URL set). */
export function TemporalUiLink({ url, size }: { url: string; size: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size={size}>
      <Group gap={4} wrap="nowrap">
        {t('jobs.temporalUi')}
        <IconExternalLink size={size === 'xs' ? 12 : 14} />
      </Group>
    </Anchor>
  );
}

export function JobStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant="light"
      color={statusColour[status] ?? 'gray'}
      // Never cut short in a narrow column: the state is the point of the badge.
      miw="max-content"
      data-testid="job-status"
    >
      {t(`jobs.status.${status}`)}
    </Badge>
  );
}

/**
 * Background Jobs: the workflow runs (transcodes and the like), filtered and paged, each opening its history. The
 * super administrator sees every tenant's runs; a tenant administrator sees the tenant's own.
 */
export function BackgroundJobsTab() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const superAdmin = session.user.isSuperAdmin;
  const format = useFormat();
  const typeName = useWorkflowTypeName();
  const duration = useJobDuration();
  const [params, setParams] = useSearchParams();
  const [types, setTypes] = useState<string[]>([]);
  const [chosenStatuses, setStatuses] = useState<string[]>([]);
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const openId = params.get('job');
  const knownTypes = trpc.backgroundJobs.types.useQuery();
  const tenants = trpc.tenants.list.useQuery(undefined, { enabled: superAdmin });
  const jobs = trpc.backgroundJobs.list.useInfiniteQuery(
    {
      limit: pageSize,
      types: types.length ? types : undefined,
      statuses: chosenStatuses.length ? (chosenStatuses as TJobStatus[]) : undefined,
      tenantId: tenantId ?? undefined,
      // Days in the user's time zone: from the start of the first to the end of the last.
      startedFrom: from ? dayjs(from).startOf('day').toISOString() : undefined,
      startedTo: to ? dayjs(to).add(1, 'day').startOf('day').toISOString() : undefined,
    },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, initialCursor: undefined },
  );

  function open(workflowId: string | null) {
    const next = new URLSearchParams(params);
    if (workflowId) next.set('job', workflowId);
    else next.delete('job');
    setParams(next);
  }

  const rows = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];
  const columns = superAdmin ? 7 : 6;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {superAdmin ? t('jobs.introAll') : t('jobs.introTenant')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label={t('jobs.type')}
          placeholder={types.length ? undefined : t('jobs.any')}
          data={(knownTypes.data ?? []).map((type) => ({ value: type, label: typeName(type) }))}
          value={types}
          onChange={setTypes}
          clearable
          w={220}
          data-testid="jobs-filter-type"
        />
        <MultiSelect
          label={t('jobs.state')}
          placeholder={chosenStatuses.length ? undefined : t('jobs.any')}
          data={statuses.map((status) => ({ value: status, label: t(`jobs.status.${status}`) }))}
          value={chosenStatuses}
          onChange={setStatuses}
          clearable
          w={240}
          data-testid="jobs-filter-state"
        />
        {superAdmin && (
          <Select
            label={t('jobs.tenant')}
            placeholder={t('jobs.allTenants')}
            data={(tenants.data ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }))}
            value={tenantId}
            onChange={setTenantId}
            clearable
            searchable
            w={200}
            data-testid="jobs-filter-tenant"
          />
        )}
        <DateInput
          label={t('jobs.startedFrom')}
          value={from}
          onChange={setFrom}
          valueFormat="YYYY-MM-DD"
          clearable
          w={150}
          data-testid="jobs-filter-from"
        />
        <DateInput
          label={t('jobs.startedTo')}
          value={to}
          onChange={setTo}
          valueFormat="YYYY-MM-DD"
          clearable
          w={150}
          data-testid="jobs-filter-to"
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void jobs.refetch()}
          loading={jobs.isRefetching && !jobs.isFetchingNextPage}
          data-testid="jobs-refresh"
        >
          {t('common.refresh')}
        </Button>
      </Group>
      {jobs.error && <Alert color="red">{errorMessage(t, jobs.error)}</Alert>}
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('jobs.type')}</Table.Th>
            <Table.Th>{t('jobs.businessId')}</Table.Th>
            {superAdmin && <Table.Th>{t('jobs.tenant')}</Table.Th>}
            <Table.Th>{t('jobs.state')}</Table.Th>
            <Table.Th>{t('jobs.started')}</Table.Th>
            <Table.Th>{t('jobs.duration')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((job) => (
            <Table.Tr
              key={`${job.workflowId}:${job.runId}`}
              data-testid="job-row"
              data-status={job.status}
              data-workflow-id={job.workflowId}
              style={{ cursor: 'pointer' }}
              onClick={() => open(job.workflowId)}
            >
              <Table.Td fw={500}>{typeName(job.type)}</Table.Td>
              <Table.Td ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
                {job.workflowId}
              </Table.Td>
              {superAdmin && <Table.Td>{job.tenant?.name ?? t('jobs.system')}</Table.Td>}
              <Table.Td>
                <JobStatusBadge status={job.status} />
              </Table.Td>
              <Table.Td>{format.dateTime(job.startedAt)}</Table.Td>
              <Table.Td>{duration(job)}</Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                {job.temporalUiUrl && <TemporalUiLink url={job.temporalUiUrl} size="xs" />}
              </Table.Td>
            </Table.Tr>
          ))}
          {(jobs.isLoading || rows.length === 0) && (
            <TableMessage colSpan={columns} loading={jobs.isLoading} text={t('jobs.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('jobs.shown', { count: rows.length })}
        </Text>
        {jobs.hasNextPage && (
          <Button
            variant="default"
            size="xs"
            onClick={() => void jobs.fetchNextPage()}
            loading={jobs.isFetchingNextPage}
            data-testid="jobs-more"
          >
            {t('jobs.more')}
          </Button>
        )}
      </Group>
      {openId && <BackgroundJobDrawer workflowId={openId} onClose={() => open(null)} />}
    </Stack>
  );
}
