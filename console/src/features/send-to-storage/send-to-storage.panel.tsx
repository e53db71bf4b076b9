import { Alert, Badge, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '../../lib/app-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

const STATUS_COLOUR: Record<string, string> = {
  RUNNING: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
  CANCELLED: 'orange',
  TERMINATED: 'orange',
};

/**
 * Send to storage on the item page (permission sendToStorage; the page shows it only then): pick one of the
 * tenant's export locations, send the high resolution there as a file, watch its progress, and hear how it ended.
 * The item's sends are read again every second while one runs.
 */
export function SendToStoragePanel({ itemId, hasOriginal }: { itemId: string; hasOriginal: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [storageId, setStorageId] = useState<string | null>(null);
  const locations = trpc.sendToStorage.locations.useQuery();
  const sends = trpc.sendToStorage.list.useQuery(
    { itemId },
    { refetchInterval: (query) => (query.state.data?.some((s) => s.status === 'RUNNING') ? 1000 : false) },
  );
  // A send started here or seen running is announced once when it ends, success or failure: a short send may be
  // over before the list ever shows it running.
  const awaited = useRef(new Set<string>());
  const send = trpc.sendToStorage.send.useMutation({
    onSuccess: async (started) => {
      awaited.current.add(`${started.workflowId}@${started.startedAt}`);
      notifySuccess(t('sendToStorage.started'));
      await utils.sendToStorage.list.invalidate({ itemId });
    },
    onError: (error) => notifyError(t, error),
  });

  useEffect(() => {
    for (const s of sends.data ?? []) {
      const key = `${s.workflowId}@${s.startedAt}`;
      if (s.status === 'RUNNING') {
        awaited.current.add(key);
        continue;
      }
      if (!awaited.current.delete(key)) continue;
      const storage = s.storageName ?? '';
      if (s.status === 'COMPLETED') notifySuccess(t('sendToStorage.sent', { storage, fileName: s.fileName ?? '' }));
      else
        notifications.show({
          color: 'red',
          title: t('sendToStorage.failedTitle', { storage }),
          message: errorCodeMessage(t, s.error?.code, { reason: s.error?.reason ?? '' }),
        });
    }
  }, [sends.data, t]);

  const options = (locations.data ?? []).map((location) => ({ value: location.id, label: location.name }));
  const chosen = storageId ?? options[0]?.value ?? null;

  return (
    <Stack gap="xs" data-testid="send-to-storage-panel">
      {locations.isSuccess && options.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="send-to-storage-no-locations">
          {t('sendToStorage.noLocations')}
        </Text>
      ) : (
        <Group gap="xs" align="end" wrap="nowrap">
          <Select
            size="xs"
            label={t('sendToStorage.location')}
            data={options}
            value={chosen}
            onChange={setStorageId}
            allowDeselect={false}
            style={{ flex: 1 }}
            data-testid="send-to-storage-location"
          />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSend size={14} />}
            onClick={() => chosen && send.mutate({ itemId, storageId: chosen })}
            loading={send.isPending}
            disabled={!chosen || !hasOriginal}
            data-testid="send-to-storage"
          >
            {t('sendToStorage.send')}
          </Button>
        </Group>
      )}
      {!hasOriginal && (
        <Alert color="gray" p="xs" data-testid="send-to-storage-no-original">
          <Text size="xs">{t('sendToStorage.noOriginal')}</Text>
        </Alert>
      )}
      {(sends.data ?? []).map((s) => (
        <Stack key={s.workflowId} gap={4} data-testid="send-to-storage-row" data-status={s.status}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {s.storageName ?? t('sendToStorage.deletedLocation')}
            </Text>
            <Badge size="sm" color={STATUS_COLOUR[s.status] ?? 'gray'} data-testid="send-to-storage-status">
              {t(`sendToStorage.status.${s.status}`)}
            </Badge>
          </Group>
          {s.status === 'RUNNING' && (
            <Progress value={s.percent} size="sm" animated aria-label={t('sendToStorage.status.RUNNING')} />
          )}
          {s.status === 'COMPLETED' && s.fileName && (
            <Text size="xs" c="dimmed" truncate data-testid="send-to-storage-file">
              {t('sendToStorage.sentAs', { fileName: s.fileName })}
            </Text>
          )}
          {s.error && (
            <Text size="xs" c="red" data-testid="send-to-storage-error">
              {errorCodeMessage(t, s.error.code, { reason: s.error.reason })}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
