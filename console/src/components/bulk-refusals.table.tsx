import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '../lib/app-error';

/** One item's answer to a bulk request, as the server's per-item results give it. */
export interface TBulkRow {
  itemId: string;
  ok: boolean;
  code?: string;
}

/** The items a bulk request refused, by title, with the reason in the user's language. */
export function BulkRefusalsTable({
  rows,
  titleOf,
  rowTestId,
}: {
  rows: TBulkRow[];
  titleOf: ReadonlyMap<string, string>;
  rowTestId: string;
}) {
  const { t } = useTranslation();
  const refused = rows.filter((row) => !row.ok);
  if (refused.length === 0) return null;
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bulkResults.item')}</Table.Th>
          <Table.Th>{t('bulkResults.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {refused.map((row) => (
          <Table.Tr key={row.itemId} data-testid={rowTestId}>
            <Table.Td>{titleOf.get(row.itemId) ?? row.itemId}</Table.Td>
            <Table.Td>{errorCodeMessage(t, row.code)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
