import {
  Alert,
  AspectRatio,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFolderSymlink, IconForms, IconLayoutGrid, IconList, IconRefresh, IconTrash } from '@tabler/icons-react';
import { BulkMetadataModal } from '../../features/metadata';
import { BulkArchiveButton } from '../../features/archive';
import { BulkHighresDeletionButton } from '../../features/highres-deletion/bulk-highres-deletion.modal';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { DataTable, TableMessage } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { FolderUploadSlot } from '../../features/upload/folder-upload-slot';
import { useOnUploaded, useUploads } from '../../features/upload';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { FolderPickerModal } from './folder-dialogs';
import type { TFolder } from './folder-tree';
import { isBusy, TILE_SELECTION_LIMIT, toggleSelection, type TLibraryItem } from './item-state';
import {
  ItemSelectAndThumbCells,
  ItemTitleCell,
  ItemStateBadge,
  ItemThumbnail,
  ItemTypeCell,
  ItemDuration,
  ItemTypeIcon,
} from './item-visuals';
import { ApprovalBadge } from '../../features/approval/approval-status';

type TView = 'tiles' | 'list';
const viewKey = 'mam.folders.view';
const PAGE_SIZE = 48;
/** While something uploads or processes the list follows it; otherwise it waits for the user. */
const BUSY_REFRESH_MS = 3000;

function storedView(): TView {
  try {
    return globalThis.localStorage?.getItem(viewKey) === 'list' ? 'list' : 'tiles';
  } catch {
    return 'tiles';
  }
}

/** The items of one folder as tiles or a list, with multi-select, move and delete. */
export function FolderItemsPanel({
  folder,
  folders,
  rootId,
}: {
  folder: TFolder;
  folders: readonly TFolder[];
  rootId: string;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const utils = trpc.useUtils();
  const [confirmation, confirm] = useConfirm();
  const [view, setViewState] = useState<TView>(storedView);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState(false);
  const [editing, setEditing] = useState(false);
  const { uploads } = useUploads();
  const uploadingHere = uploads.some(
    (u) => u.target.folderId === folder.id && (u.status === 'uploading' || u.status === 'queued'),
  );
  useOnUploaded(() => void utils.items.list.invalidate());
  const items = trpc.items.list.useInfiniteQuery(
    { folderId: folder.id, limit: PAGE_SIZE },
    {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      // Items exist from the moment an upload starts: follow them while this folder has uploads going or busy items.
      refetchInterval: (query) =>
        uploadingHere || query.state.data?.pages.some((p) => p.items.some(isBusy)) ? BUSY_REFRESH_MS : false,
    },
  );
  const refresh = async () => {
    await utils.items.list.invalidate();
    await utils.items.listDeleted.invalidate();
  };
  const remove = trpc.items.delete.useMutation({ onSuccess: refresh });
  const move = trpc.items.move.useMutation({ onSuccess: refresh });
  const rows = items.data?.pages.flatMap((p) => p.items) ?? [];
  const limit = view === 'tiles' ? TILE_SELECTION_LIMIT : Infinity;

  function select(ids: string[], on: boolean) {
    const { selection, capped } = toggleSelection(selected, ids, on, limit);
    setSelected(selection);
    if (capped) {
      notifications.show({ color: 'orange', message: t('items.selectionLimit', { count: TILE_SELECTION_LIMIT }) });
    }
  }

  function setView(next: TView) {
    setViewState(next);
    try {
      globalThis.localStorage?.setItem(viewKey, next);
    } catch {
      // Private mode: the choice lasts until the page is left.
    }
    if (next === 'tiles' && selected.size > TILE_SELECTION_LIMIT) {
      setSelected(new Set([...selected].slice(0, TILE_SELECTION_LIMIT)));
      notifications.show({ color: 'orange', message: t('items.selectionLimit', { count: TILE_SELECTION_LIMIT }) });
    }
  }

  function askDelete() {
    const itemIds = [...selected];
    confirm({
      title: t('items.deleteTitle'),
      message: t('items.deleteMessage', { count: itemIds.length }),
      confirmLabel: t('items.delete'),
      onConfirm: () =>
        remove.mutateAsync({ itemIds }).then(
          (result) => {
            setSelected(new Set());
            notifySuccess(t('items.deleted', { count: result.deletedIds.length }));
          },
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  const allLoaded = rows.map((r) => r.id);
  const allSelected = rows.length > 0 && allLoaded.every((id) => selected.has(id));
  const someSelected = selected.size > 0;

  return (
    <Stack gap="sm">
      {confirmation}
      <FolderUploadSlot folderId={folder.id} folderName={folder.name} />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Checkbox
            aria-label={t('items.selectAll')}
            checked={allSelected}
            indeterminate={someSelected && !allSelected}
            disabled={rows.length === 0}
            onChange={() => (someSelected ? setSelected(new Set()) : select(allLoaded, true))}
            data-testid="select-all"
          />
          <Text size="sm" c="dimmed" data-testid="selection-count">
            {someSelected ? t('items.selected', { count: selected.size }) : t('items.count', { count: rows.length })}
          </Text>
          {someSelected && can('move') && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFolderSymlink size={14} />}
              onClick={() => setMoving(true)}
              data-testid="move-selected"
            >
              {t('items.move')}
            </Button>
          )}
          {someSelected && can('bulkMetadataUpdate') && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconForms size={14} />}
              onClick={() => setEditing(true)}
              data-testid="edit-metadata-selected"
            >
              {t('metadata.bulk.action')}
            </Button>
          )}
          <BulkArchiveButton
            items={rows.filter((row) => selected.has(row.id)).map((row) => ({ id: row.id, title: row.title }))}
            onDone={() => void refresh()}
          />
          <BulkHighresDeletionButton
            items={rows.filter((row) => selected.has(row.id)).map((row) => ({ id: row.id, title: row.title }))}
            onDone={() => void refresh()}
          />
          {someSelected && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={askDelete}
              data-testid="delete-selected"
            >
              {t('items.delete')}
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <IconAction label={t('common.refresh')} onClick={() => void items.refetch()} data-testid="refresh-items">
            <IconRefresh size={16} />
          </IconAction>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => setView(v as TView)}
            data={[
              {
                value: 'tiles',
                label: (
                  <Tooltip label={t('items.tiles')}>
                    <Center>
                      <IconLayoutGrid size={16} aria-label={t('items.tiles')} />
                    </Center>
                  </Tooltip>
                ),
              },
              {
                value: 'list',
                label: (
                  <Tooltip label={t('items.list')}>
                    <Center>
                      <IconList size={16} aria-label={t('items.list')} />
                    </Center>
                  </Tooltip>
                ),
              },
            ]}
            data-testid="view-toggle"
          />
        </Group>
      </Group>

      {items.error && <Alert color="red">{errorMessage(t, items.error)}</Alert>}
      {items.isLoading && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {!items.isLoading && !items.error && rows.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="xl" data-testid="folder-empty">
          {t('items.empty')}
        </Text>
      )}
      {rows.length > 0 &&
        (view === 'tiles' ? (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 6 }} spacing="sm" data-testid="item-tiles">
            {rows.map((item) => (
              <ItemTile
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => select([item.id], on)}
              />
            ))}
          </SimpleGrid>
        ) : (
          <ItemList rows={rows} selected={selected} onSelect={select} />
        ))}
      <LoadMore query={items} />

      {editing && (
        <BulkMetadataModal
          items={rows.filter((row) => selected.has(row.id))}
          onClose={() => setEditing(false)}
          onDone={() => void items.refetch()}
        />
      )}
      {moving && (
        <FolderPickerModal
          title={t('items.moveTitle', { count: selected.size })}
          folders={folders}
          rootId={rootId}
          exclude={new Set([folder.id])}
          confirmLabel={t('items.move')}
          onClose={() => setMoving(false)}
          onPick={async (folderId) => {
            const result = await move.mutateAsync({ itemIds: [...selected], folderId });
            setSelected(new Set());
            notifySuccess(t('items.moved', { count: result.movedIds.length }));
          }}
        />
      )}
    </Stack>
  );
}

function ItemTile({
  item,
  selected,
  onSelect,
}: {
  item: TLibraryItem;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <Card
      withBorder
      padding={0}
      radius="md"
      onClick={() => void navigate(`/item-details/${item.id}`)}
      style={{
        cursor: 'pointer',
        outline: selected ? '2px solid var(--mantine-primary-color-filled)' : undefined,
      }}
      data-testid="item-tile"
      data-selected={selected}
      aria-label={item.title}
    >
      <Box pos="relative">
        <AspectRatio ratio={16 / 9}>
          <ItemThumbnail item={item} />
        </AspectRatio>
        <Box pos="absolute" top={6} left={6} onClick={stop}>
          <Checkbox
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
            aria-label={t('items.selectItem', { title: item.title })}
            data-testid="item-select"
          />
        </Box>
        <Group pos="absolute" bottom={6} left={6} right={6} gap={4}>
          <ItemStateBadge item={item} />
          <ApprovalBadge status={item.approval?.status} />
        </Group>
      </Box>
      <Stack gap={2} p="xs">
        <Group gap={6} wrap="nowrap">
          <ItemTypeIcon type={item.itemType} size={14} />
          <Text size="sm" fw={500} truncate title={item.title} data-testid="item-title">
            {item.title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          <ItemDuration item={item} fallback={t(`items.types.${item.itemType}`)} />
        </Text>
      </Stack>
    </Card>
  );
}

function ItemList({
  rows,
  selected,
  onSelect,
}: {
  rows: TLibraryItem[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    // Fixed widths (the title takes the rest, cut with an ellipsis): columns keep their place from folder to folder
    // and page to page, and the table fits 1280 px in every language; the type gives way on narrow screens.
    <DataTable data-testid="item-list" layout="fixed" w="100%">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36} />
          <Table.Th w={80} />
          <Table.Th data-column="title">{t('items.title')}</Table.Th>
          <Table.Th w={90} visibleFrom="md" data-column="type">
            {t('items.type')}
          </Table.Th>
          <Table.Th w={110} data-column="duration">
            {t('items.duration')}
          </Table.Th>
          <Table.Th w={120} data-column="status">
            {t('items.status')}
          </Table.Th>
          <Table.Th w={180} visibleFrom="sm" data-column="created">
            {t('items.created')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((item) => (
          <Table.Tr key={item.id} data-testid="item-row" data-selected={selected.has(item.id)}>
            <ItemSelectAndThumbCells
              item={item}
              selected={selected.has(item.id)}
              onSelect={(on) => onSelect([item.id], on)}
            />
            <ItemTitleCell item={item} />
            <ItemTypeCell type={item.itemType} visibleFrom="md" />
            <Table.Td style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              <ItemDuration item={item} fallback="—" />
            </Table.Td>
            <Table.Td style={{ overflow: 'hidden' }}>
              <Group gap={4} wrap="wrap">
                <ItemStateBadge item={item} />
                <ApprovalBadge status={item.approval?.status} />
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {format.dateTime(item.createdAt)}
            </Table.Td>
          </Table.Tr>
        ))}
        {rows.length === 0 && <TableMessage colSpan={7} loading={false} text={t('items.empty')} />}
      </Table.Tbody>
    </DataTable>
  );
}
