import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconAntenna,
  IconCheck,
  IconCopy,
  IconPencil,
  IconPhotoOff,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { DataTable, TableMessage } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { errorMessage } from '../../lib/app-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { inputSummary } from './live-input-summary';
import type { TLiveSourceRow } from './live-source-draft.model';
import { LiveSourceModal } from './live-source.modal';
import { LivePreviewModal } from './live-preview.modal';
import { CrashRecordingControls } from './crash-recording.controls';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** How often a row asks for its source's state and picture while the page is visible (the server shares probes). */
const STATUS_INTERVAL_MS = 5000;

/** System Settings → Live sources (/dvr-settings): the feeds crash recordings are made from, and their state. */
export function LiveSourcesPanel() {
  const { t } = useTranslation();
  // Users who record see the sources and record; administrators also add, change and delete them.
  const manage = useSession().data?.isAdmin ?? false;
  const utils = trpc.useUtils();
  // Recordings start and end elsewhere too (another user, the duration): the list follows them.
  const sources = trpc.liveSources.list.useQuery(undefined, { refetchInterval: STATUS_INTERVAL_MS });
  const remove = trpc.liveSources.delete.useMutation();
  const [editing, setEditing] = useState<TLiveSourceRow | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<TLiveSourceRow | null>(null);
  const [confirmation, confirm] = useConfirm();
  const rows = sources.data ?? [];

  function askDelete(source: TLiveSourceRow) {
    confirm({
      title: t('liveSources.delete'),
      message: t('liveSources.confirmDelete', { name: source.name }),
      confirmLabel: t('common.delete'),
      onConfirm: () =>
        remove.mutateAsync({ id: source.id }).then(
          () => (notifySuccess(t('liveSources.deleted', { name: source.name })), utils.liveSources.list.invalidate()),
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  const empty = !sources.isLoading && !sources.error && rows.length === 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={720}>
          {t('liveSources.intro')}
        </Text>
        {manage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="add-live-source">
            {t('liveSources.add')}
          </Button>
        )}
      </Group>
      {sources.error && <Alert color="red">{errorMessage(t, sources.error)}</Alert>}
      {empty ? (
        <Paper withBorder p="xl" data-testid="live-sources-empty">
          <Stack align="center" gap="xs" maw={560} mx="auto">
            <IconAntenna size={32} stroke={1.5} />
            <Text fw={500}>{t('liveSources.emptyTitle')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('liveSources.emptyHint')}
            </Text>
            {manage && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                {t('liveSources.addFirst')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <DataTable>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={120}>{t('liveSources.picture')}</Table.Th>
              <Table.Th>{t('common.name')}</Table.Th>
              <Table.Th>{t('liveSources.address')}</Table.Th>
              <Table.Th>{t('liveSources.state')}</Table.Th>
              <Table.Th>{t('liveSources.input')}</Table.Th>
              <Table.Th w={manage ? 104 : 40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((source) => (
              <LiveSourceRow
                key={source.id}
                source={source}
                others={rows}
                manage={manage}
                onPreview={() => setPreviewing(source)}
                onEdit={() => setEditing(source)}
                onDelete={() => askDelete(source)}
              />
            ))}
            {sources.isLoading && <TableMessage colSpan={6} loading text="" />}
          </Table.Tbody>
        </DataTable>
      )}
      {previewing && <LivePreviewModal source={previewing} onClose={() => setPreviewing(null)} />}
      {editing && <LiveSourceModal source={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirmation}
    </Stack>
  );
}

/** One source: what it is, where it comes in, and its state and picture, asked for again every few seconds. */
function LiveSourceRow({
  source,
  others,
  manage,
  onPreview,
  onEdit,
  onDelete,
}: {
  source: TLiveSourceRow;
  others: readonly TLiveSourceRow[];
  manage: boolean;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  // React Query pauses the interval while the tab is hidden, so probes run only for someone looking.
  const status = trpc.liveSources.status.useQuery(
    { id: source.id },
    { refetchInterval: STATUS_INTERVAL_MS, refetchIntervalInBackground: false, retry: false },
  );
  const state = source.recording ? 'recording' : (status.data?.state ?? null);
  const summary = status.data?.input ? inputSummary(status.data.input) : null;
  const thumbnail = status.data?.thumbnail ?? null;

  return (
    <Table.Tr data-testid={`live-source-row-${source.name}`} data-state={state ?? 'checking'}>
      <Table.Td>
        <Box w={96} h={54} bg="dark.6" style={{ borderRadius: 4, overflow: 'hidden' }}>
          {thumbnail ? (
            <Image
              src={thumbnail}
              w={96}
              h={54}
              fit="cover"
              alt={t('liveSources.pictureOf', { name: source.name })}
              data-testid="live-source-thumbnail"
            />
          ) : (
            <Center h="100%" c="gray.5">
              <IconPhotoOff size={20} stroke={1.5} />
            </Center>
          )}
        </Box>
      </Table.Td>
      <Table.Td>
        <Text size="inherit" fw={500} style={nowrap} data-user-text data-testid="live-source-name-cell">
          {source.name}
        </Text>
        <Text size="xs" c="dimmed" data-testid="live-source-kind">
          {t(`liveSources.types.${source.type}`)} · {t(`liveSources.modes.${source.mode}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        {source.ingestUrl ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('liveSources.sendTo')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Code data-testid="live-source-ingest-url">{source.ingestUrl}</Code>
              <CopyButton value={source.ingestUrl}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('common.copied') : t('liveSources.copyIngestUrl')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={t('liveSources.copyIngestUrl')}
                      data-testid="live-source-copy"
                    >
                      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ) : (
          <Code data-testid="live-source-location-cell">{source.location}</Code>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={6} align="flex-start">
          <StateBadge state={state} />
          <CrashRecordingControls source={source} others={others} ready={state === 'ready'} />
        </Stack>
      </Table.Td>
      <Table.Td data-testid="live-source-input">
        {summary ? (
          <Stack gap={0} style={nowrap}>
            {summary.video && (
              <Text size="xs" data-testid="live-source-video">
                {summary.video}
              </Text>
            )}
            {(summary.rate || summary.bitRate) && (
              <Text size="xs" c="dimmed" data-testid="live-source-rate">
                {[summary.rate, summary.bitRate].filter(Boolean).join(' · ')}
              </Text>
            )}
            {summary.audio && (
              <Text size="xs" data-testid="live-source-audio">
                {summary.audioChannels
                  ? t('liveSources.audioWithChannels', { codec: summary.audio, count: summary.audioChannels })
                  : summary.audio}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="xs" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <IconAction label={t('liveSources.preview')} onClick={onPreview} data-testid="live-source-preview">
            <IconPlayerPlay size={16} />
          </IconAction>
          {manage && (
            <>
              <IconAction label={t('common.edit')} onClick={onEdit} data-testid="live-source-edit">
                <IconPencil size={16} />
              </IconAction>
              <IconAction label={t('common.delete')} color="red" onClick={onDelete} data-testid="live-source-delete">
                <IconTrash size={16} />
              </IconAction>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function StateBadge({ state }: { state: 'ready' | 'recording' | 'offline' | null }) {
  const { t } = useTranslation();
  if (state === null) {
    return (
      <Badge variant="outline" color="gray" data-testid="live-source-state">
        {t('liveSources.states.checking')}
      </Badge>
    );
  }
  const color = state === 'ready' ? 'teal' : state === 'recording' ? 'red' : 'gray';
  return (
    <Badge variant={state === 'offline' ? 'light' : 'filled'} color={color} data-testid="live-source-state">
      {t(`liveSources.states.${state}`)}
    </Badge>
  );
}
