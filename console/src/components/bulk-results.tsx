import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '../lib/app-error';

/** One item's outcome in a bulk action, as the server answers it. */
export interface TBulkRow {
  itemId: string;
  ok: boolean;
  code?: string;
}

/**
 * How a bulk action went: a summary line, then each refused item with the reason in the user's language. `testId`
 * prefixes the parts (`<testId>-results`, `-summary`, `-refused`, `-close`).
 */
export function BulkResults({
  summary,
  rows,
  titles,
  testId,
  onClose,
}: {
  summary: string;
  rows: TBulkRow[];
  titles: Map<string, string>;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refused = rows.filter((row) => !row.ok);
  return (
    <Stack gap="sm" data-testid={`${testId}-results`}>
      <Text size="sm" data-testid={`${testId}-summary`}>
        {summary}
      </Text>
      {refused.length > 0 && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulk.item')}</Table.Th>
              <Table.Th>{t('bulk.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refused.map((row) => (
              <Table.Tr key={row.itemId} data-testid={`${testId}-refused`}>
                <Table.Td>{titles.get(row.itemId) ?? row.itemId}</Table.Td>
                <Table.Td>{errorCodeMessage(t, row.code)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid={`${testId}-close`}>
          {t('common.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Sends the ids in parts the server accepts (its MAX_BULK_ITEMS), gathering every item's outcome. */
export async function inBatches<TRow>(ids: string[], send: (part: string[]) => Promise<{ results: TRow[] }>) {
  const BATCH = 500;
  const rows: TRow[] = [];
  for (let start = 0; start < ids.length; start += BATCH)
    rows.push(...(await send(ids.slice(start, start + BATCH))).results);
  return rows;
}
