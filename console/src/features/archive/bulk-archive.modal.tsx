import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkResults, inBatches, type TBulkRow } from '../../components/bulk-results';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';

type TDirection = 'archive' | 'unarchive';
type TItem = { id: string; title: string };

/** "Archive" among the bulk actions: archives or unarchives the high resolution of the selected items. */
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
        {t('archive.title')}
      </Button>
      {open && <BulkArchiveModal items={items} onClose={() => setOpen(false)} onDone={onDone} />}
    </>
  );
}

/**
 * Archive to the chosen archive or cold location, or unarchive, each selected item on its own; then which were
 * refused and why (already archived, a transfer running, no media). Transfers go on in the background.
 */
function BulkArchiveModal({ items, onClose, onDone }: { items: TItem[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const locations = trpc.archive.locations.useQuery(undefined, { enabled: can('archive') });
  const bulk = trpc.archive.bulk.useMutation();
  const [storageId, setStorageId] = useState<string | null>(null);
  const [running, setRunning] = useState<TDirection | null>(null);
  const [results, setResults] = useState<{ direction: TDirection; rows: TBulkRow[] } | null>(null);
  const options = (locations.data ?? []).map((location) => ({
    value: location.id,
    label: location.cold ? `${location.name} (${t('storage.typeNames.cold')})` : location.name,
  }));
  const target = storageId ?? options[0]?.value ?? null;

  async function run(direction: TDirection) {
    setRunning(direction);
    let rows: TBulkRow[] = [];
    try {
      rows = await inBatches(
        items.map((item) => item.id),
        (itemIds) =>
          bulk.mutateAsync({
            itemIds,
            direction,
            storageId: direction === 'archive' ? (target ?? undefined) : undefined,
          }),
      );
    } catch (error) {
      notifyError(t, error);
    } finally {
      setRunning(null);
    }
    if (rows.length === 0) return;
    setResults({ direction, rows });
    onDone();
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('archive.bulk.title', { count: items.length })}
      size="lg"
      data-testid="bulk-archive-modal"
    >
      {results ? (
        <BulkResults
          testId="bulk-archive"
          rows={results.rows}
          titles={new Map(items.map((item) => [item.id, item.title]))}
          onClose={onClose}
          summary={t(`archive.bulk.${results.direction}dCount`, {
            done: results.rows.filter((row) => row.ok).length,
            count: results.rows.length,
          })}
        />
      ) : (
        <Stack gap="sm">
          <Alert color="blue" variant="light">
            {t('archive.bulk.explain')}
          </Alert>
          {can('archive') && options.length > 1 && (
            <Select
              label={t('archive.bulk.location')}
              data={options}
              value={target}
              onChange={setStorageId}
              allowDeselect={false}
              data-testid="bulk-archive-location"
            />
          )}
          <Group justify="space-between">
            {can('unarchive') ? (
              <Button
                variant="default"
                loading={running === 'unarchive'}
                disabled={running !== null}
                onClick={() => void run('unarchive')}
                data-testid="bulk-archive-unarchive"
              >
                {t('archive.unarchive')}
              </Button>
            ) : (
              <span />
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
        </Stack>
      )}
    </Modal>
  );
}
