import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconFileMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BulkActionButton, BulkResults, useBulkRun } from '../../components/bulk-results';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { HighresDeletionWhenFields, useHighresDeletionWhen } from './highres-deletion-when';

type TAction = 'schedule' | 'unschedule';
type TItem = { id: string; title: string };

/** "High resolution" among the bulk actions: schedules or unschedules the deletion of the selected items' high res. */
export function BulkHighresDeletionButton({ items, onDone }: { items: TItem[]; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('delete') || items.length === 0) return null;
  return (
    <BulkActionButton
      label={t('highresDeletion.bulk.action')}
      icon={<IconFileMinus size={14} />}
      testId="highres-selected"
      dialog={(close) => <BulkHighresDeletionModal items={items} onClose={close} onDone={onDone} />}
    />
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
  const scheduleMany = trpc.highresDeletion.scheduleMany.useMutation();
  const unscheduleMany = trpc.highresDeletion.unscheduleMany.useMutation();
  const bulk = useBulkRun<TAction>(
    items.map((item) => item.id),
    async () => {
      await utils.highresDeletion.get.invalidate();
      onDone();
    },
  );
  const { running, results } = bulk;

  async function run(action: TAction) {
    if (action === 'schedule' && !when) return;
    await bulk.run(action, (itemIds) =>
      action === 'schedule'
        ? scheduleMany.mutateAsync({ itemIds, when: when! })
        : unscheduleMany.mutateAsync({ itemIds }),
    );
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
        <BulkResults
          summary={t(
            results.action === 'schedule'
              ? 'highresDeletion.bulk.scheduledCount'
              : 'highresDeletion.bulk.unscheduledCount',
            { done: results.rows.length - refused.length, count: results.rows.length },
          )}
          rows={results.rows}
          titleOf={titleOf}
          testIdPrefix="bulk-highres"
          onClose={onClose}
        />
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
