import { Alert, Code, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, TableMessage } from '../../components/data-table';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** Who did what to the item, and when, newest first. */
export function HistoryTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = trpc.items.history.useQuery({ itemId });
  if (history.error) return <Alert color="red">{errorMessage(t, history.error)}</Alert>;
  const events = history.data ?? [];
  return (
    <DataTable>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={190}>{t('activity.when')}</Table.Th>
          <Table.Th>{t('activity.who')}</Table.Th>
          <Table.Th>{t('activity.action')}</Table.Th>
          <Table.Th>{t('activity.what')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e) => (
          <Table.Tr key={e.id} data-testid="history-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(e.at)}</Table.Td>
            <Table.Td>{e.actorEmail ?? t('activity.system')}</Table.Td>
            <Table.Td>
              <Code>{e.action}</Code>
            </Table.Td>
            <Table.Td>{e.summary}</Table.Td>
          </Table.Tr>
        ))}
        {(history.isLoading || events.length === 0) && (
          <TableMessage colSpan={4} loading={history.isLoading} text={t('activity.none')} />
        )}
      </Table.Tbody>
    </DataTable>
  );
}
