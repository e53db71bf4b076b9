import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkRefusalsTable, type TBulkRow } from '../../components/bulk-refusals.table';
import { inBatches } from '../../lib/bulk-batches';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';

type TAction = 'archive' | 'unarchive' | 'restore';
type TTier = 'express' | 'standard';
type TItem = { id: string; title: string };

const summaryKey: Record<TAction, string> = {
  archive: 'archive.bulk.archivedCount',
  unarchive: 'archive.bulk.unarchivedCount',
  restore: 'archive.bulk.restoredCount',
};

/** "Archive" among the bulk actions: archive, unarchive or restore from cold storage each selected item. */
export function BulkArchiveButton({ items, onDone }: { items: TItem[]; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if ((!can('archive') && !can('unarchive')) || items.length === 0) return null;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconArchive size={14} />}
        onClick={() => setOpen(true)}
        data-testid="archive-selected"
      >
        {t('archive.bulk.action')}
      </Button>
      {open && <BulkArchiveModal items={items} onClose={() => setOpen(false)} onDone={onDone} />}
    </>
  );
}

/** Each item on its own, through the server's bulk calls; then which items were refused and why. */
function BulkArchiveModal({ items, onClose, onDone }: { items: TItem[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const bulk = trpc.archive.bulk.useMutation();
  const bulkRestore = trpc.archive.bulkRestore.useMutation();
  const [tier, setTier] = useState<TTier>('standard');
  const [running, setRunning] = useState<TAction | null>(null);
  const [results, setResults] = useState<{ action: TAction; rows: TBulkRow[] } | null>(null);

  async function run(action: TAction) {
    setRunning(action);
    let rows: TBulkRow[] = [];
    try {
      rows = await inBatches<TBulkRow>(
        items.map((item) => item.id),
        (itemIds) =>
          action === 'restore'
            ? bulkRestore.mutateAsync({ itemIds, tier })
            : bulk.mutateAsync({ itemIds, direction: action }),
      );
    } catch (error) {
      notifyError(t, error);
    } finally {
      setRunning(null);
    }
    if (rows.length === 0) return;
    setResults({ action, rows });
    onDone();
  }

  const titleOf = new Map(items.map((item) => [item.id, item.title]));
  const done = results?.rows.filter((row) => row.ok).length ?? 0;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('archive.bulk.title', { count: items.length })}
      size="lg"
      data-testid="bulk-archive-modal"
    >
      {results ? (
        <Stack gap="sm">
          <Text size="sm" data-testid="bulk-archive-summary">
            {t(summaryKey[results.action], { done, count: results.rows.length })}
          </Text>
          <BulkRefusalsTable rows={results.rows} titleOf={titleOf} rowTestId="bulk-archive-refused" />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="bulk-archive-close">
              {t('common.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Alert color="blue" variant="light">
            {t('archive.bulk.explain')}
          </Alert>
          <Group justify="space-between">
            <Group gap="xs">
              {can('unarchive') && (
                <>
                  <Button
                    variant="default"
                    loading={running === 'restore'}
                    disabled={running !== null}
                    onClick={() => void run('restore')}
                    data-testid="bulk-archive-restore"
                  >
                    {t('archive.bulk.restore')}
                  </Button>
                  <SegmentedControl
                    size="xs"
                    value={tier}
                    onChange={(value) => setTier(value as TTier)}
                    data={[
                      { value: 'standard', label: t('archive.restore.standard') },
                      { value: 'express', label: t('archive.restore.express') },
                    ]}
                    data-testid="bulk-archive-tier"
                  />
                </>
              )}
            </Group>
            <Group gap="xs">
              {can('unarchive') && (
                <Button
                  variant="default"
                  loading={running === 'unarchive'}
                  disabled={running !== null}
                  onClick={() => void run('unarchive')}
                  data-testid="bulk-archive-unarchive"
                >
                  {t('archive.unarchive')}
                </Button>
              )}
              {can('archive') && (
                <Button
                  loading={running === 'archive'}
                  disabled={running !== null}
                  onClick={() => void run('archive')}
                  data-testid="bulk-archive-archive"
                >
                  {t('archive.archive')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
