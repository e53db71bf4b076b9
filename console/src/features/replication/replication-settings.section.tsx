import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { SectionHeader } from '../../components/page-header';
import { DataTable, TableMessage } from '../../components/data-table';
import { RowEditDelete } from '../../components/icon-action';
import { errorMessage } from '../../lib/app-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, type RouterInputs, type RouterOutputs } from '../../lib/trpc';

type TReplication = RouterOutputs['replications']['list'][number];
type TReplicationForm = RouterInputs['replications']['create'];
type TStage = TReplication['stage'];
type TLocation = { id: string; name: string; externallyReplicated: boolean };

const stages: TStage[] = ['original', 'all'];
const MAX_SHARDS = 16;

/**
 * System Settings → Storage → Replication (spec section 3): new media of a source location copied to a target in the
 * background, with each setting's progress. Externally replicated locations are not offered as sources.
 */
export function ReplicationSection({ locations }: { locations: TLocation[] }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  // Counts move while a backlog is copied: polled while anything is pending.
  const replications = trpc.replications.list.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some((r) => r.enabled && r.status.pending > 0) ? 3000 : false),
  });
  const remove = trpc.replications.delete.useMutation();
  const [editing, setEditing] = useState<TReplication | 'new' | null>(null);
  const [confirmation, confirm] = useConfirm();
  const nameOf = (id: string) => locations.find((l) => l.id === id)?.name ?? '—';

  function askDelete(replication: TReplication) {
    const names = { source: nameOf(replication.sourceStorageId), target: nameOf(replication.targetStorageId) };
    confirm({
      title: t('replication.delete'),
      message: t('replication.confirmDelete', names),
      onConfirm: () =>
        remove.mutateAsync({ id: replication.id }).then(
          () => (notifySuccess(t('replication.deleted')), utils.replications.list.invalidate()),
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  return (
    <Stack gap="sm" mt="lg" data-testid="replication-section">
      <SectionHeader
        title={t('replication.title')}
        intro={t('replication.intro')}
        action={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
            disabled={locations.length < 2}
            data-testid="add-replication"
          >
            {t('replication.add')}
          </Button>
        }
      />
      {replications.error && <Alert color="red">{errorMessage(t, replications.error)}</Alert>}
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('replication.source')}</Table.Th>
            <Table.Th>{t('replication.target')}</Table.Th>
            <Table.Th>{t('replication.stage')}</Table.Th>
            <Table.Th>{t('replication.shardCount')}</Table.Th>
            <Table.Th>{t('replication.progress')}</Table.Th>
            <Table.Th w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(replications.data ?? []).map((replication) => (
            <Table.Tr key={replication.id} data-testid="replication-row">
              <Table.Td>{nameOf(replication.sourceStorageId)}</Table.Td>
              <Table.Td>{nameOf(replication.targetStorageId)}</Table.Td>
              <Table.Td>{t(`replication.stages.${replication.stage}`)}</Table.Td>
              <Table.Td>{replication.shardCount}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {!replication.enabled && (
                    <Badge size="sm" variant="light" color="gray">
                      {t('replication.disabled')}
                    </Badge>
                  )}
                  <Badge size="sm" variant="light" color="teal" data-testid="replication-copied">
                    {t('replication.copied', { count: replication.status.copied })}
                  </Badge>
                  <Badge size="sm" variant="light" color="blue">
                    {t('replication.pending', { count: replication.status.pending })}
                  </Badge>
                  {replication.status.failed > 0 && (
                    <Badge size="sm" variant="light" color="red">
                      {t('replication.failed', { count: replication.status.failed })}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <RowEditDelete
                  onEdit={() => setEditing(replication)}
                  onDelete={() => askDelete(replication)}
                  testIdPrefix="replication"
                />
              </Table.Td>
            </Table.Tr>
          ))}
          {(replications.isLoading || replications.data?.length === 0) && (
            <TableMessage colSpan={6} loading={replications.isLoading} text={t('replication.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      {editing && (
        <ReplicationModal
          replication={editing === 'new' ? null : editing}
          locations={locations}
          onClose={() => setEditing(null)}
        />
      )}
      {confirmation}
    </Stack>
  );
}

function ReplicationModal({
  replication,
  locations,
  onClose,
}: {
  replication: TReplication | null;
  locations: TLocation[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.replications.create.useMutation();
  const update = trpc.replications.update.useMutation();
  const sources = locations.filter((l) => !l.externallyReplicated || l.id === replication?.sourceStorageId);
  const [sourceStorageId, setSource] = useState(replication?.sourceStorageId ?? sources[0]?.id ?? '');
  const [targetStorageId, setTarget] = useState(
    replication?.targetStorageId ?? locations.find((l) => l.id !== sourceStorageId)?.id ?? '',
  );
  const [stage, setStage] = useState<TStage>(replication?.stage ?? 'original');
  const [shardCount, setShardCount] = useState<number>(replication?.shardCount ?? 1);
  const [enabled, setEnabled] = useState(replication?.enabled ?? true);
  const [apiToken, setApiToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tokenSet = replication?.apiTokenSet ?? false;

  function form(): TReplicationForm {
    return {
      sourceStorageId,
      targetStorageId,
      stage,
      shardCount,
      enabled,
      // Write-only: blank keeps the stored token.
      apiToken: apiToken.trim() ? apiToken.trim() : undefined,
    };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (replication) await update.mutateAsync({ id: replication.id, ...form() });
      else await create.mutateAsync(form());
      await utils.replications.list.invalidate();
      notifySuccess(t('common.saved'));
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  const options = (list: TLocation[]) => list.map((l) => ({ value: l.id, label: l.name }));

  return (
    <Modal opened onClose={onClose} title={replication ? t('replication.edit') : t('replication.add')} size="lg">
      <form onSubmit={(e) => void save(e)}>
        <Stack>
          {error && (
            <Alert color="red" data-testid="replication-error">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('replication.source')}
              description={t('replication.sourceHint')}
              data={options(sources)}
              value={sourceStorageId}
              onChange={(v) => v && setSource(v)}
              allowDeselect={false}
              required
              data-testid="replication-source"
            />
            <Select
              label={t('replication.target')}
              data={options(locations.filter((l) => l.id !== sourceStorageId))}
              value={targetStorageId === sourceStorageId ? null : targetStorageId}
              onChange={(v) => v && setTarget(v)}
              allowDeselect={false}
              required
              data-testid="replication-target"
            />
            <Select
              label={t('replication.stage')}
              data={stages.map((s) => ({ value: s, label: t(`replication.stages.${s}`) }))}
              value={stage}
              onChange={(v) => v && setStage(v as TStage)}
              allowDeselect={false}
              data-testid="replication-stage"
            />
            <NumberInput
              label={t('replication.shardCount')}
              description={t('replication.shardCountHint')}
              min={1}
              max={MAX_SHARDS}
              clampBehavior="strict"
              allowDecimal={false}
              value={shardCount}
              onChange={(v) => setShardCount(typeof v === 'number' ? v : 1)}
              data-testid="replication-shards"
            />
          </SimpleGrid>
          <PasswordInput
            label={t('replication.apiToken')}
            description={t('replication.apiTokenHint')}
            placeholder={tokenSet ? t('config.secretSet') : t('config.secretNotSet')}
            value={apiToken}
            onChange={(e) => setApiToken(e.currentTarget.value)}
            autoComplete="off"
            data-testid="replication-api-token"
          />
          <Switch
            label={t('replication.enabled')}
            description={t('replication.enabledHint')}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
            data-testid="replication-enabled"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="replication-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
