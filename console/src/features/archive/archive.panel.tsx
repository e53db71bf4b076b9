import { Badge, Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconChevronDown, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { archiveLabel, type TArchiveTransferView } from '@mam/core';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';

const LABEL_COLOUR = { archivedItem: 'grape', pending: 'gray', inProgress: 'blue', failed: 'red', failedRetry: 'red' };

/**
 * The item's high resolution and the archive: the spec's label, the transfer's progress while it copies, and
 * Archive, Unarchive or Retry as the user may. The item is read again every second while a transfer runs.
 */
export function ArchivePanel({
  itemId,
  isArchived,
  transfer,
  hasOriginal,
  onChanged,
}: {
  itemId: string;
  isArchived: boolean;
  transfer: TArchiveTransferView | null;
  hasOriginal: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const archive = trpc.archive.archive.useMutation({ onSuccess: onChanged, onError: (e) => notifyError(t, e) });
  const unarchive = trpc.archive.unarchive.useMutation({ onSuccess: onChanged, onError: (e) => notifyError(t, e) });
  const restore = trpc.archive.restore.useMutation({ onSuccess: onChanged, onError: (e) => notifyError(t, e) });
  const mayArchive = !isArchived && hasOriginal && can('archive');
  // With more than one archive or cold location the user picks where the media goes; else Archive sends it there.
  const locations = trpc.archive.locations.useQuery(undefined, { enabled: mayArchive });
  const targets = locations.data ?? [];
  // Until the locations are known, a plain Archive would send the media to the default before the menu appears.
  const choosing = mayArchive && !locations.isFetched;
  const format = useFormat();
  const running = transfer?.state === 'INITIATED' || transfer?.state === 'PROGRESSING';
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => changed.current(), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const label = archiveLabel(isArchived, transfer);
  const retry = transfer?.state === 'ERROR' && transfer.enabled;
  const pending = archive.isPending || unarchive.isPending || restore.isPending;
  // Media in cold storage comes back by a restore, at the speed (and, on object storage, the price) chosen.
  const cold = isArchived && !!transfer?.coldStorage;
  const waiting =
    transfer?.state === 'INITIATED' && transfer.restore && !transfer.restore.ready ? transfer.restore : null;
  const run = (direction: 'archive' | 'unarchive', storageId?: string) =>
    direction === 'archive' ? archive.mutate({ itemId, storageId }) : unarchive.mutate({ itemId });

  return (
    <Stack gap="xs" data-testid="archive-panel" data-state={transfer?.state ?? 'NONE'} data-archived={isArchived}>
      {label && (
        <Group gap="xs">
          <Badge color={LABEL_COLOUR[label]} data-testid="archive-label">
            {t(`archive.label.${label}`)}
          </Badge>
          {label === 'archivedItem' && (
            <Text size="xs" c="dimmed">
              {t(cold ? 'archive.label.inColdStorage' : 'archive.label.inArchiveBucket')}
            </Text>
          )}
        </Group>
      )}
      {transfer?.state === 'PROGRESSING' && (
        <Progress value={transfer.percent} size="sm" animated aria-label={t('archive.label.inProgress')} />
      )}
      {waiting && (
        <Text size="xs" c="dimmed" data-testid="restore-state">
          {waiting.readyAt
            ? t(`archive.restore.waitingUntil.${waiting.tier}`, { date: format.dateTime(waiting.readyAt) })
            : t(`archive.restore.waiting.${waiting.tier}`)}
        </Text>
      )}
      {transfer?.state === 'ERROR' && transfer.error && (
        <Text size="xs" c="red">
          {transfer.error}
        </Text>
      )}
      <Group gap="xs">
        {retry && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={() => run(transfer.direction)}
            loading={pending}
            data-testid="archive-retry"
          >
            {t('archive.retry')}
          </Button>
        )}
        {!retry && !running && mayArchive && !choosing && targets.length <= 1 && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArchive size={14} />}
            onClick={() => run('archive')}
            loading={pending}
            data-testid="archive-item"
          >
            {t('archive.archive')}
          </Button>
        )}
        {!retry && !running && mayArchive && targets.length > 1 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArchive size={14} />}
                rightSection={<IconChevronDown size={14} />}
                loading={pending}
                data-testid="archive-item"
              >
                {t('archive.archiveTo')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {targets.map((target) => (
                <Menu.Item
                  key={target.id}
                  onClick={() => run('archive', target.id)}
                  data-testid={`archive-to-${target.name}`}
                  rightSection={
                    <Group gap={4} wrap="nowrap">
                      {target.cold && (
                        <Badge size="xs" variant="light" color="cyan" tt="none">
                          {t('storage.typeNames.cold')}
                        </Badge>
                      )}
                      {target.isDefault && (
                        <Badge size="xs" variant="light" color="teal" tt="none">
                          {t('archive.defaultLocation')}
                        </Badge>
                      )}
                    </Group>
                  }
                >
                  {target.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {waiting?.tier === 'standard' && can('unarchive') && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArchiveOff size={14} />}
            onClick={() => restore.mutate({ itemId, tier: 'express' })}
            loading={pending}
            data-testid="restore-speed-up"
          >
            {t('archive.restore.speedUp')}
          </Button>
        )}
        {!retry && !running && cold && can('unarchive') && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArchiveOff size={14} />}
                rightSection={<IconChevronDown size={14} />}
                loading={pending}
                data-testid="restore-item"
              >
                {t('archive.restore.action')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => restore.mutate({ itemId, tier: 'express' })} data-testid="restore-express">
                {t('archive.restore.express')}
              </Menu.Item>
              <Menu.Item onClick={() => restore.mutate({ itemId, tier: 'standard' })} data-testid="restore-standard">
                {t('archive.restore.standard')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {!retry && !running && isArchived && !cold && can('unarchive') && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArchiveOff size={14} />}
            onClick={() => run('unarchive')}
            loading={pending}
            data-testid="unarchive-item"
          >
            {t('archive.unarchive')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
