import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkRefusalsTable, type TBulkRow } from '../../components/bulk-refusals.table';
import { inBatches } from '../../lib/bulk-batches';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { HighresDeletionWhenFields, useHighresDeletionWhen } from './highres-deletion-when';

type TAction = 'schedule' | 'unschedule';
type TResult = TBulkRow;
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
    let rows: TResult[] = [];
    try {
      rows = await inBatches<TResult>(
        items.map((item) => item.id),
        (itemIds) =>
          action === 'schedule'
            ? scheduleMany.mutateAsync({ itemIds, when: when! })
            : unscheduleMany.mutateAsync({ itemIds }),
      );
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
          <BulkRefusalsTable rows={results.rows} titleOf={titleOf} rowTestId="bulk-highres-refused" />
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
