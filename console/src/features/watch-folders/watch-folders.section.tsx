import { Badge, Button, Group, Modal, NumberInput, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { SectionHeader } from '../../components/page-header';
import { DataTable, TableMessage } from '../../components/data-table';
import { RowEditDelete } from '../../components/icon-action';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TWatchFolder = RouterOutputs['watchFolders']['list'][number];

const stateColour: Record<TWatchFolder['state'], string> = { watching: 'teal', stopped: 'red', disabled: 'gray' };

/** Upload (high-res) locations of the organisation: the ones a watch folder may watch. */
function useWatchableStorages() {
  const storages = trpc.storages.list.useQuery();
  return (storages.data ?? []).filter((storage) => storage.types.includes('upload'));
}

/** Folders new items may be added to, the root shown by its usual name. */
function useTargetFolders() {
  const { t } = useTranslation();
  const tree = trpc.folders.tree.useQuery();
  return useMemo(
    () =>
      (tree.data?.folders ?? [])
        .filter((folder) => folder.canAddTo)
        .map((folder) => ({ value: folder.id, label: folder.isRoot ? t('uploadAnywhere.rootFolder') : folder.name })),
    [tree.data, t],
  );
}

/**
 * System Settings → Storage: watch folders (spec section 3). Files landing under a subpath of a high-res location
 * become items of the target folder once they stop changing.
 */
export function WatchFoldersSection() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const watchFolders = trpc.watchFolders.list.useQuery(undefined, { refetchInterval: 5000 });
  const storages = useWatchableStorages();
  const folders = useTargetFolders();
  const remove = trpc.watchFolders.delete.useMutation();
  const [editing, setEditing] = useState<TWatchFolder | 'new' | null>(null);
  const [confirmation, confirm] = useConfirm();
  const storageName = (id: string) => storages.find((s) => s.id === id)?.name ?? '—';
  const folderName = (id: string) => folders.find((f) => f.value === id)?.label ?? '—';

  function askDelete(watch: TWatchFolder) {
    confirm({
      title: t('watchFolders.delete'),
      message: t('watchFolders.confirmDelete', { location: storageName(watch.storageId) }),
      onConfirm: () =>
        remove.mutateAsync({ id: watch.id }).then(
          () => (notifySuccess(t('watchFolders.deleted')), utils.watchFolders.list.invalidate()),
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  return (
    <Stack gap="sm" mt="lg" data-testid="watch-folders">
      <SectionHeader
        title={t('watchFolders.title')}
        intro={t('watchFolders.intro')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="add-watch-folder">
            {t('watchFolders.add')}
          </Button>
        }
      />
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('watchFolders.location')}</Table.Th>
            <Table.Th>{t('watchFolders.target')}</Table.Th>
            <Table.Th>{t('watchFolders.stateLabel')}</Table.Th>
            <Table.Th>{t('watchFolders.ingested')}</Table.Th>
            <Table.Th w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(watchFolders.data ?? []).map((watch) => (
            <Table.Tr key={watch.id} data-testid="watch-folder-row">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {storageName(watch.storageId)}
                </Text>
                <Text size="xs" c="dimmed">
                  /{watch.subpath}
                </Text>
              </Table.Td>
              <Table.Td>{folderName(watch.folderId)}</Table.Td>
              <Table.Td>
                <Badge color={stateColour[watch.state]} variant="light" data-testid="watch-folder-state">
                  {t(`watchFolders.state.${watch.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td data-testid="watch-folder-ingested">{watch.filesIngested}</Table.Td>
              <Table.Td>
                <RowEditDelete
                  onEdit={() => setEditing(watch)}
                  onDelete={() => askDelete(watch)}
                  testIdPrefix="watch-folder"
                />
              </Table.Td>
            </Table.Tr>
          ))}
          {(watchFolders.isLoading || watchFolders.data?.length === 0) && (
            <TableMessage colSpan={5} loading={watchFolders.isLoading} text={t('watchFolders.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      {editing && <WatchFolderModal watch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirmation}
    </Stack>
  );
}

function WatchFolderModal({ watch, onClose }: { watch: TWatchFolder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const storages = useWatchableStorages();
  const folders = useTargetFolders();
  const create = trpc.watchFolders.create.useMutation();
  const update = trpc.watchFolders.update.useMutation();
  const [storageId, setStorageId] = useState<string | null>(watch?.storageId ?? null);
  const [subpath, setSubpath] = useState(watch?.subpath ?? '');
  const [folderId, setFolderId] = useState<string | null>(watch?.folderId ?? null);
  const [stableSeconds, setStableSeconds] = useState<number>(watch?.stableSeconds ?? 10);
  const [enabled, setEnabled] = useState(watch?.enabled ?? true);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!storageId || !folderId) return;
    try {
      if (watch) await update.mutateAsync({ id: watch.id, subpath, folderId, stableSeconds, enabled });
      else await create.mutateAsync({ storageId, subpath, folderId, stableSeconds, enabled });
      notifySuccess(t('watchFolders.saved'));
      await utils.watchFolders.list.invalidate();
      onClose();
    } catch (e) {
      notifyError(t, e);
    }
  }

  return (
    <Modal opened onClose={onClose} title={watch ? t('watchFolders.edit') : t('watchFolders.add')}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <Select
            label={t('watchFolders.location')}
            description={t('watchFolders.locationHint')}
            data={storages.map((storage) => ({ value: storage.id, label: storage.name }))}
            value={storageId}
            onChange={setStorageId}
            disabled={!!watch}
            required
            data-testid="watch-folder-storage"
          />
          <TextInput
            label={t('watchFolders.subpath')}
            description={t('watchFolders.subpathHint')}
            value={subpath}
            onChange={(event) => setSubpath(event.currentTarget.value)}
            data-testid="watch-folder-subpath"
          />
          <Select
            label={t('watchFolders.target')}
            data={folders}
            value={folderId}
            onChange={setFolderId}
            searchable
            required
            data-testid="watch-folder-target"
          />
          <NumberInput
            label={t('watchFolders.stableSeconds')}
            description={t('watchFolders.stableSecondsHint')}
            min={1}
            max={86400}
            value={stableSeconds}
            onChange={(value) => setStableSeconds(typeof value === 'number' ? value : 10)}
            data-testid="watch-folder-stable"
          />
          <Switch
            label={t('watchFolders.enabled')}
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
            data-testid="watch-folder-enabled"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              disabled={!storageId || !folderId}
              data-testid="watch-folder-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
