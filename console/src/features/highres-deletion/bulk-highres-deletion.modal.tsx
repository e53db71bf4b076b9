import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '../../lib/app-error';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { HighresDeletionWhenFields, useHighresDeletionWhen } from './highres-deletion-when';

/** The server's limit per request (MAX_BULK_ITEMS); a larger selection goes in parts. */
const BATCH = 500;

type TAction = 'schedule' | 'unschedule';
interface TResult {
  itemId: string;
  ok: boolean;
  code?: string;
}
type TItem = { id: string; title: string };

/** "High resolution" among the bulk actions: schedules or unschedules the deletion of the selected items' high res. */
export function BulkHighresDeletionButton({ items, onDone }: { items: TItem[]; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('delete') || items.length === 0) return null;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileMinus size={14} />}
        onClick={() => setOpen(true)}
        data-testid="highres-selected"
      >
        {t('highresDeletion.bulk.action')}
      </Button>
      {open && <BulkHighresDeletionModal items={items} onClose={() => setOpen(false)} onDone={onDone} />}
    </>
  );
}

/** Schedule (date or days after ingest) or unschedule for each selected item; then which items were refused and why. */
export function BulkHighresDeletionModal({
  items,
  onClose,
  onDone,
}: {
  items: TItem[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const whenState = useHighresDeletionWhen('days');
  const { when } = whenState;
  const [running, setRunning] = useState<TAction | null>(null);
  const [results, setResults] = useState<{ action: TAction; rows: TResult[] } | null>(null);
  const scheduleMany = trpc.highresDeletion.scheduleMany.useMutation();
  const unscheduleMany = trpc.highresDeletion.unscheduleMany.useMutation();

  async function run(action: TAction) {
    if (action === 'schedule' && !when) return;
    setRunning(action);
    const rows: TResult[] = [];
    try {
      const ids = items.map((item) => item.id);
      for (let start = 0; start < ids.length; start += BATCH) {
        const itemIds = ids.slice(start, start + BATCH);
        const answer =
          action === 'schedule'
            ? await scheduleMany.mutateAsync({ itemIds, when: when! })
            : await unscheduleMany.mutateAsync({ itemIds });
        rows.push(...answer.results);
      }
    } catch (error) {
      notifyError(t, error);
    } finally {
      setRunning(null);
    }
    if (rows.length === 0) return;
    setResults({ action, rows });
    await utils.highresDeletion.get.invalidate();
    onDone();
  }

  const titleOf = new Map(items.map((item) => [item.id, item.title]));
  const refused = results?.rows.filter((row) => !row.ok) ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('highresDeletion.bulk.title', { count: items.length })}
      size="lg"
      data-testid="bulk-highres-modal"
    >
      {results ? (
        <Stack gap="sm" data-testid="bulk-highres-results">
          <Text size="sm" data-testid="bulk-highres-summary">
            {t(
              results.action === 'schedule'
                ? 'highresDeletion.bulk.scheduledCount'
                : 'highresDeletion.bulk.unscheduledCount',
              {
                done: results.rows.length - refused.length,
                count: results.rows.length,
              },
            )}
          </Text>
          {refused.length > 0 && (
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('highresDeletion.bulk.item')}</Table.Th>
                  <Table.Th>{t('highresDeletion.bulk.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {refused.map((row) => (
                  <Table.Tr key={row.itemId} data-testid="bulk-highres-refused">
                    <Table.Td>{titleOf.get(row.itemId) ?? row.itemId}</Table.Td>
                    <Table.Td>{errorCodeMessage(t, row.code)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="bulk-highres-close">
              {t('common.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Alert color="orange" variant="light">
            {t('highresDeletion.bulk.explain')}
          </Alert>
          <HighresDeletionWhenFields state={whenState} testIdPrefix="bulk-highres" />
          <Group justify="space-between">
            <Button
              variant="default"
              loading={running === 'unschedule'}
              disabled={running !== null}
              onClick={() => void run('unschedule')}
              data-testid="bulk-highres-unschedule"
            >
              {t('highresDeletion.unschedule')}
            </Button>
            <Button
              color="red"
              loading={running === 'schedule'}
              disabled={!when || running !== null}
              onClick={() => void run('schedule')}
              data-testid="bulk-highres-schedule"
            >
              {t('highresDeletion.schedule')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
