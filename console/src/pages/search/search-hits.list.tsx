import { Group, Table } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { useFormat } from '../../lib/format';
import {
  ItemDuration,
  ItemSelectAndThumbCells,
  ItemStateBadge,
  ItemTitleCell,
  ItemTypeCell,
} from '../folders/item-visuals';
import { LogMatchLinks, type TLogMatch } from './log-match.links';
import type { TSearchHit } from './use-search-results';
import { ApprovalBadge } from '../../features/approval/approval-status';

/** The hits as table rows; selection is not limited here. */
export function SearchHitsList({
  hits,
  selected,
  onSelect,
  onPreview,
  logMatches = {},
}: {
  hits: readonly TSearchHit[];
  /** By hit id: the log entries the query matched. */
  logMatches?: Readonly<Record<string, readonly TLogMatch[]>>;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onPreview: (item: TSearchHit) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    // A fixed layout in the column's width: the title takes what the others leave and ends in an ellipsis (its
    // whole text in a tooltip); the less needed columns give way on narrower screens, so nothing scrolls sideways.
    <DataTable data-testid="search-list" layout="fixed" w="100%">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36} />
          <Table.Th w={80} />
          <Table.Th>{t('items.title')}</Table.Th>
          <Table.Th w={90} visibleFrom="md" data-column="type">
            {t('items.type')}
          </Table.Th>
          <Table.Th w={110} visibleFrom="xl" data-column="duration">
            {t('items.duration')}
          </Table.Th>
          <Table.Th w={120}>{t('items.status')}</Table.Th>
          <Table.Th w={180} visibleFrom="sm" data-column="created">
            {t('items.created')}
          </Table.Th>
          <Table.Th w={180} visibleFrom="xl" data-column="modified">
            {t('search.modified')}
          </Table.Th>
          <Table.Th w={44} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {hits.map((item) => (
          <Table.Tr key={item.id} data-testid="item-row" data-item-id={item.id} data-selected={selected.has(item.id)}>
            <ItemSelectAndThumbCells
              item={item}
              selected={selected.has(item.id)}
              onSelect={(on) => onSelect([item.id], on)}
            />
            <ItemTitleCell item={item}>
              <LogMatchLinks item={item} matches={logMatches[item.id]} />
            </ItemTitleCell>
            <ItemTypeCell type={item.itemType} visibleFrom="md" />
            <Table.Td visibleFrom="xl">
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
            <Table.Td visibleFrom="xl" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {format.dateTime(item.updatedAt)}
            </Table.Td>
            <Table.Td>
              <IconAction
                label={t('search.preview.openItem', { title: item.title })}
                onClick={() => onPreview(item)}
                data-testid="item-preview"
              >
                <IconEye size={16} />
              </IconAction>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
