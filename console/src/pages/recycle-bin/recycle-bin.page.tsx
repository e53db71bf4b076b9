import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { useConfirm } from '../../components/confirm';
import { DataTable, TableMessage } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { toggleSelection } from '../folders/item-state';
import { ItemSelectAndThumbCells, ItemTypeCell } from '../folders/item-visuals';

type TDeletedItem = RouterOutputs['items']['listDeleted']['items'][number];

const PAGE_SIZE = 100;

/** Recycle bin (/recycle-bin): deleted items with who deleted them and when; restore or delete permanently. */
export default function RecycleBinPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const utils = trpc.useUtils();
  const [confirmation, confirm] = useConfirm();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const bin = trpc.items.listDeleted.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const refresh = async () => {
    setSelected(new Set());
    await utils.items.listDeleted.invalidate();
    await utils.items.list.invalidate();
  };
  const restore = trpc.items.restore.useMutation({ onSuccess: refresh });
  const purge = trpc.items.purge.useMutation({ onSuccess: refresh });
  const rows = bin.data?.pages.flatMap((p) => p.items) ?? [];
  const ids = rows.map((r) => r.id);
  const allSelected = rows.length > 0 && ids.every((id) => selected.has(id));
  const someSelected = selected.size > 0;

  function doRestore(itemIds: string[]) {
    restore.mutate(
      { itemIds },
      {
        onSuccess: (result) => notifySuccess(t('recycleBin.restored', { count: result.restored.length })),
        onError: (e) => notifyError(t, e),
      },
    );
  }

  function askPurge(items: TDeletedItem[]) {
    confirm({
      title: t('recycleBin.purgeTitle'),
      message:
        items.length === 1
          ? t('recycleBin.purgeOne', { title: items[0]!.title })
          : t('recycleBin.purgeMany', { count: items.length }),
      confirmLabel: t('recycleBin.purge'),
      onConfirm: () =>
        purge.mutateAsync({ itemIds: items.map((i) => i.id) }).then(
          (result) => notifySuccess(t('recycleBin.purged', { count: result.purgedIds.length })),
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  const selectedRows = rows.filter((r) => selected.has(r.id));

  return (
    <Stack gap="sm">
      {confirmation}
      <PageHeader title={t('recycleBin.title')} description={t('recycleBin.description')} />
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="selection-count">
          {someSelected ? t('items.selected', { count: selected.size }) : t('items.count', { count: rows.length })}
        </Text>
        {someSelected && (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRestore size={14} />}
              loading={restore.isPending}
              onClick={() => doRestore([...selected])}
              data-testid="restore-selected"
            >
              {t('recycleBin.restore')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrashX size={14} />}
              onClick={() => askPurge(selectedRows)}
              data-testid="purge-selected"
            >
              {t('recycleBin.purge')}
            </Button>
          </>
        )}
      </Group>
      {bin.error && <Alert color="red">{errorMessage(t, bin.error)}</Alert>}
      <DataTable data-testid="recycle-bin">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={t('items.selectAll')}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                disabled={rows.length === 0}
                onChange={() => setSelected(someSelected ? new Set() : toggleSelection(selected, ids, true).selection)}
                data-testid="select-all"
              />
            </Table.Th>
            <Table.Th w={80} />
            <Table.Th>{t('items.title')}</Table.Th>
            <Table.Th w={110}>{t('items.type')}</Table.Th>
            <Table.Th w={220}>{t('recycleBin.deletedBy')}</Table.Th>
            <Table.Th w={170}>{t('recycleBin.deletedAt')}</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.id} data-testid="deleted-row" data-selected={selected.has(item.id)}>
              <ItemSelectAndThumbCells
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => setSelected(toggleSelection(selected, [item.id], on).selection)}
              />
              <Table.Td>
                <Text size="sm" fw={500} data-testid="item-title">
                  {item.title}
                </Text>
              </Table.Td>
              <ItemTypeCell type={item.itemType} />
              <Table.Td data-testid="deleted-by">
                {item.deletedBy ? (
                  <>
                    <Text size="sm">{item.deletedBy.name}</Text>
                    <Text size="xs" c="dimmed">
                      {item.deletedBy.email}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('recycleBin.unknownUser')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(item.deletedAt)}</Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  {item.canRestore && (
                    <IconAction
                      label={t('recycleBin.restore')}
                      onClick={() => doRestore([item.id])}
                      data-testid="restore-item"
                    >
                      <IconRestore size={16} />
                    </IconAction>
                  )}
                  {item.canPurge && (
                    <IconAction
                      label={t('recycleBin.purge')}
                      color="red"
                      onClick={() => askPurge([item])}
                      data-testid="purge-item"
                    >
                      <IconTrashX size={16} />
                    </IconAction>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {(bin.isLoading || rows.length === 0) && (
            <TableMessage colSpan={7} loading={bin.isLoading} text={t('recycleBin.empty')} />
          )}
        </Table.Tbody>
      </DataTable>
      <LoadMore query={bin} />
    </Stack>
  );
}
