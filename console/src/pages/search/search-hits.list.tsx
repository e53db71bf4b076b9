import { Anchor, Group, Table } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { useFormat } from '../../lib/format';
import { ItemDuration, ItemSelectAndThumbCells, ItemStateBadge, ItemTypeCell } from '../folders/item-visuals';
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
    <DataTable data-testid="search-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36} />
          <Table.Th w={80} />
          <Table.Th miw={220}>{t('items.title')}</Table.Th>
          <Table.Th w={100}>{t('items.type')}</Table.Th>
          <Table.Th w={180}>{t('items.duration')}</Table.Th>
          <Table.Th w={140}>{t('items.status')}</Table.Th>
          <Table.Th w={170}>{t('items.created')}</Table.Th>
          <Table.Th w={170}>{t('search.modified')}</Table.Th>
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
            <Table.Td>
              <Anchor component={Link} to={`/item-details/${item.id}`} size="sm" data-testid="item-title">
                {item.title}
              </Anchor>
              <LogMatchLinks item={item} matches={logMatches[item.id]} />
            </Table.Td>
            <ItemTypeCell type={item.itemType} />
            <Table.Td>
              <ItemDuration item={item} fallback="—" />
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ItemStateBadge item={item} />
                <ApprovalBadge status={item.approval?.status} />
              </Group>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(item.createdAt)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(item.updatedAt)}</Table.Td>
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
