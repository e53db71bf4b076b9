import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '../lib/app-error';
import { inBatches } from '../lib/bulk-batches';
import { notifyError } from '../lib/notify';

/** One item's answer to a bulk request, as the server's per-item results give it. */
export interface TBulkRow {
  itemId: string;
  ok: boolean;
  code?: string;
}

/** A bulk action's button in the selection bar; its dialog is open while `dialog` is shown. */
export function BulkActionButton({
  label,
  icon,
  testId,
  dialog,
}: {
  label: string;
  icon: ReactNode;
  testId: string;
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" leftSection={icon} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      {open && dialog(() => setOpen(false))}
    </>
  );
}

/** How a bulk request went: the summary, the items refused by title with the reason, and Done. */
export function BulkResults({
  summary,
  rows,
  titleOf,
  testIdPrefix,
  onClose,
}: {
  summary: string;
  rows: TBulkRow[];
  titleOf: ReadonlyMap<string, string>;
  /** `<prefix>-results`, `-summary`, `-refused` (each refused row) and `-close`. */
  testIdPrefix: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refused = rows.filter((row) => !row.ok);
  return (
    <Stack gap="sm" data-testid={`${testIdPrefix}-results`}>
      <Text size="sm" data-testid={`${testIdPrefix}-summary`}>
        {summary}
      </Text>
      {refused.length > 0 && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulkResults.item')}</Table.Th>
              <Table.Th>{t('bulkResults.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refused.map((row) => (
              <Table.Tr key={row.itemId} data-testid={`${testIdPrefix}-refused`}>
                <Table.Td>{titleOf.get(row.itemId) ?? row.itemId}</Table.Td>
                <Table.Td>{errorCodeMessage(t, row.code)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid={`${testIdPrefix}-close`}>
          {t('common.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Runs one of a bulk dialog's actions over the selection in batches: which action runs now, and the per-item
 * results of the last one (null until one answered). A request that fails as a whole is reported and leaves none.
 */
export function useBulkRun<A extends string>(itemIds: readonly string[], onDone: () => void | Promise<void>) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<A | null>(null);
  const [results, setResults] = useState<{ action: A; rows: TBulkRow[] } | null>(null);

  async function run(action: A, send: (itemIds: string[]) => Promise<{ results: TBulkRow[] }>) {
    setRunning(action);
    let rows: TBulkRow[] = [];
    try {
      rows = await inBatches(itemIds, send);
    } catch (error) {
      notifyError(t, error);
    } finally {
      setRunning(null);
    }
    if (rows.length === 0) return;
    setResults({ action, rows });
    await onDone();
  }

  return { running, results, run };
}
