import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';
import { startLiveDownload, type TLiveDownloadStream } from './live-downloads.store';

/** High res (downloadMedia) or proxy of a recording, assembled from its segments, also while it records. */
export function LiveDownloadMenu({ itemId, title, highRes }: { itemId: string; title: string; highRes: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const start = async (stream: TLiveDownloadStream) => {
    try {
      const listed = await utils.liveSources.recordingSegments.fetch({ itemId, stream }, { staleTime: 0 });
      startLiveDownload({ itemId, title, stream, urls: listed.segments.map((segment) => segment.url) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} data-testid="live-download-menu">
          {t('liveDownload.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {highRes && (
          <Menu.Item onClick={() => void start('highres')} data-testid="live-download-highres">
            {t('liveDownload.streams.highres')}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => void start('proxy')} data-testid="live-download-proxy">
          {t('liveDownload.streams.proxy')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
