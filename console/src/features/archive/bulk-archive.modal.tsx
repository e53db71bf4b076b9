import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkActionButton, BulkResults, useBulkRun } from '../../components/bulk-results';
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
  if ((!can('archive') && !can('unarchive')) || items.length === 0) return null;
  return (
    <BulkActionButton
      label={t('archive.bulk.action')}
      icon={<IconArchive size={14} />}
      testId="archive-selected"
      dialog={(close) => <BulkArchiveModal items={items} onClose={close} onDone={onDone} />}
    />
  );
}

/** Each item on its own, through the server's bulk calls; then which items were refused and why. */
function BulkArchiveModal({ items, onClose, onDone }: { items: TItem[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const bulk = trpc.archive.bulk.useMutation();
  const bulkRestore = trpc.archive.bulkRestore.useMutation();
  const [tier, setTier] = useState<TTier>('standard');
  // Where Archive sends the media: the default archive location first, cold storage locations too.
  const locations = trpc.archive.locations.useQuery(undefined, { enabled: can('archive') });
  const [storageId, setStorageId] = useState<string | null>(null);
  const options = (locations.data ?? []).map((location) => ({
    value: location.id,
    label: location.cold ? `${location.name} (${t('storage.typeNames.cold')})` : location.name,
  }));
  const target = storageId ?? options[0]?.value;
  const { running, results, ...bulkRun } = useBulkRun<TAction>(
    items.map((item) => item.id),
    onDone,
  );

  const run = (action: TAction) =>
    bulkRun.run(action, (itemIds) =>
      action === 'restore'
        ? bulkRestore.mutateAsync({ itemIds, tier })
        : bulk.mutateAsync({ itemIds, direction: action, storageId: action === 'archive' ? target : undefined }),
    );

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
        <BulkResults
          summary={t(summaryKey[results.action], { done, count: results.rows.length })}
          rows={results.rows}
          titleOf={titleOf}
          testIdPrefix="bulk-archive"
          onClose={onClose}
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
              value={target ?? null}
              onChange={setStorageId}
              allowDeselect={false}
              data-testid="bulk-archive-location"
            />
          )}
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
