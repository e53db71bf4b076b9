import { Alert, Badge, Progress, Stack, Switch, Table, Tabs, Text } from '@mantine/core';
import { IconCloudUpload, IconPlayerStop, IconWand } from '@tabler/icons-react';
import type { OperationKind, OperationStatus } from '@mam/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable, TableMessage } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

const statusColour: Record<OperationStatus, string> = {
  pending: 'gray',
  queued: 'gray',
  in_progress: 'blue',
  done: 'green',
  error: 'red',
  cancelled: 'orange',
};

const active = new Set<OperationStatus>(['pending', 'queued', 'in_progress']);

function OperationsTable({ kind, everyone }: { kind: OperationKind; everyone: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const utils = trpc.useUtils();
  const [refresh, setRefresh] = useState(2000);
  const operations = trpc.operations.list.useQuery(
    { kinds: [kind], everyone, limit: 100 },
    { refetchInterval: refresh },
  );
  const cancel = trpc.operations.cancel.useMutation({
    onSuccess: () => void utils.operations.list.invalidate(),
    onError: (error) => notifyError(t, error),
  });
  const rows = operations.data ?? [];
  const anyActive = rows.some((r) => active.has(r.status));
  // Poll quickly while something runs, slowly otherwise (spec: search auto-refresh is 30 s; the monitor is livelier).
  if ((anyActive ? 2000 : 15000) !== refresh) setRefresh(anyActive ? 2000 : 15000);
  if (operations.error) return <Alert color="red">{errorMessage(t, operations.error)}</Alert>;
  return (
    <DataTable>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('monitor.item')}</Table.Th>
          <Table.Th w={130}>{t('monitor.status')}</Table.Th>
          <Table.Th w={260}>{t('monitor.progress')}</Table.Th>
          <Table.Th w={170}>{t('monitor.started')}</Table.Th>
          <Table.Th w={60} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((op) => (
          <Table.Tr key={op.id} data-testid="operation-row" data-status={op.status}>
            <Table.Td>
              {op.itemId ? <Link to={`/item-details/${op.itemId}`}>{op.title}</Link> : op.title}
              {op.error && (
                <Text size="xs" c="red" data-testid="operation-error">
                  {op.error}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={statusColour[op.status]} variant="light" data-testid="operation-status">
                {t(`monitor.statuses.${op.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Progress
                  value={op.progress}
                  animated={op.status === 'in_progress'}
                  color={statusColour[op.status]}
                  aria-label={t('monitor.progress')}
                />
                <Text size="xs" c="dimmed">
                  {kind === 'upload'
                    ? `${op.bytesDone === null ? '—' : format.bytes(op.bytesDone)} / ${op.bytesTotal === null ? '—' : format.bytes(op.bytesTotal)}`
                    : op.step
                      ? t(`monitor.steps.${op.step}`, { defaultValue: op.step })
                      : ''}{' '}
                  · {Math.round(op.progress)}%
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(op.createdAt)}</Table.Td>
            <Table.Td>
              {op.canCancel && (
                <IconAction
                  label={t('monitor.cancel')}
                  color="red"
                  onClick={() => cancel.mutate({ operationId: op.id })}
                  data-testid="operation-cancel"
                >
                  <IconPlayerStop size={16} />
                </IconAction>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
        {(operations.isLoading || rows.length === 0) && (
          <TableMessage colSpan={5} loading={operations.isLoading} text={t('monitor.none')} />
        )}
      </Table.Tbody>
    </DataTable>
  );
}

/** Activity monitor (/activity): uploads and processing runs with their statuses, progress and cancel. */
export default function ActivityMonitorPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const [tab, setTab] = useState<OperationKind>('upload');
  const [everyone, setEveryone] = useState(false);
  return (
    <>
      <PageHeader
        title={t('monitor.title')}
        description={t('monitor.description')}
        actions={
          session.isAdmin ? (
            <Switch
              label={t('monitor.everyone')}
              checked={everyone}
              onChange={(e) => setEveryone(e.currentTarget.checked)}
            />
          ) : undefined
        }
      />
      <Tabs value={tab} onChange={(v) => setTab((v as OperationKind | null) ?? 'upload')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="upload" leftSection={<IconCloudUpload size={14} />} data-testid="tab-uploads">
            {t('monitor.uploads')}
          </Tabs.Tab>
          <Tabs.Tab value="transcode" leftSection={<IconWand size={14} />} data-testid="tab-processing">
            {t('monitor.processing')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upload">
          <OperationsTable kind="upload" everyone={everyone} />
        </Tabs.Panel>
        <Tabs.Panel value="transcode">
          <OperationsTable kind="transcode" everyone={everyone} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
