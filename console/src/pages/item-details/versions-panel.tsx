import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UploadDropZone } from '../../features/upload';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** The item's versions, newest first; an older complete one can be promoted back to leading. */
export function VersionsPanel({ itemId, onChanged }: { itemId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const can = useCan();
  const versions = trpc.items.versions.useQuery({ itemId }, { refetchInterval: 5000 });
  const promote = trpc.items.promoteVersion.useMutation({
    onSuccess: () => {
      void versions.refetch();
      onChanged();
    },
    onError: (error) => notifyError(t, error),
  });
  if (versions.error) return <Text c="red">{errorMessage(t, versions.error)}</Text>;
  return (
    <Stack gap="xs" data-testid="versions">
      {(versions.data ?? []).map((v) => (
        <Group key={v.id} justify="space-between" wrap="nowrap" data-testid="version-row">
          <div>
            <Group gap={6}>
              <Text fw={500} size="sm">
                {t('itemDetails.versions.number', { number: v.number })}
              </Text>
              {v.leading && (
                <Badge size="xs" variant="light">
                  {t('itemDetails.versions.leading')}
                </Badge>
              )}
              {v.transcodingState === 'ERROR' && (
                <Badge size="xs" color="red" variant="light">
                  {t('itemDetails.state.error')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {v.fileName} · {format.dateTime(v.createdAt)}
            </Text>
          </div>
          {!v.leading && v.uploadState === 'COMPLETE' && can('promote') && (
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<IconArrowUp size={12} />}
              loading={promote.isPending}
              onClick={() => promote.mutate({ itemId, versionId: v.id })}
            >
              {t('itemDetails.versions.promote')}
            </Button>
          )}
        </Group>
      ))}
      {can('version') && (
        <UploadDropZone itemId={itemId} fullPage={false} allowFolders={false}>
          {t('itemDetails.versions.uploadHint')}
        </UploadDropZone>
      )}
    </Stack>
  );
}
