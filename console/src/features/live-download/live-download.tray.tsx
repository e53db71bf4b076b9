import { Affix, Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { downloadBlob, safeFileName } from '../../lib/download';
import { EMPTY_BLOB_MESSAGE } from './segment-download';
import { dismissLiveDownload, useLiveDownloads, type TLiveDownload } from './live-downloads.store';

function DownloadNotice({ download }: { download: TLiveDownload }) {
  const { t } = useTranslation();
  const percent = download.total > 0 ? Math.round((download.done / download.total) * 100) : 0;
  return (
    <Paper withBorder shadow="md" p="sm" w={320} data-testid="live-download">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={`/item-details/${download.itemId}`} size="sm" fw={600} lineClamp={1}>
            {download.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t(`liveDownload.streams.${download.stream}`)}
          </Text>
        </Group>
        {download.state !== 'failed' && (
          <Progress
            value={download.state === 'complete' ? 100 : percent}
            size="sm"
            animated={download.state === 'running'}
          />
        )}
        <Text size="xs" c={download.state === 'failed' ? 'red' : 'dimmed'} data-testid="live-download-status">
          {download.state === 'running' && t('liveDownload.progress', { done: download.done, total: download.total })}
          {download.state === 'complete' && t('liveDownload.complete')}
          {download.state === 'failed' &&
            (download.error === EMPTY_BLOB_MESSAGE
              ? t('liveDownload.empty')
              : t('liveDownload.failed', { error: download.error ?? '' }))}
        </Text>
        <Group justify="flex-end" gap="xs">
          {download.state === 'complete' && download.blob && (
            <Button
              size="xs"
              leftSection={<IconDeviceFloppy size={14} />}
              onClick={() => {
                downloadBlob(download.blob!, safeFileName(`${download.title} ${download.stream}`, 'ts', 'recording'));
                dismissLiveDownload(download.key);
              }}
              data-testid="live-download-save"
            >
              {t('liveDownload.save')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} />}
            onClick={() => dismissLiveDownload(download.key)}
            data-testid="live-download-cancel"
          >
            {download.state === 'running' ? t('common.cancel') : t('liveDownload.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Downloads assembled from a recording's segments, docked bottom left (the uploads tray has the right). */
export function LiveDownloadTray() {
  const downloads = useLiveDownloads();
  if (downloads.length === 0) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={250}>
      <Stack gap="xs">
        {downloads.map((download) => (
          <DownloadNotice key={download.key} download={download} />
        ))}
      </Stack>
    </Affix>
  );
}
