import { ActionIcon, Badge, Button, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage, IconPlayerSkipForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { audioTrackLabel } from './audio-tracks';
import type { TAudioTrackChoice } from './use-playback-source';

/** The alternate sounds of an HLS stream (several audio tracks of a broadcast file), one chosen at a time. */
export function AudioTrackMenu({
  tracks,
  current,
  onChange,
}: {
  tracks: TAudioTrackChoice[];
  current: number;
  onChange(index: number): void;
}) {
  const { t, i18n } = useTranslation();
  if (tracks.length < 2) return null;
  return (
    <Menu position="top-end" withArrow shadow="md">
      <Menu.Target>
        <Tooltip label={t('playback.audioTrack')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('playback.audioTrack')}
            data-testid="player-audio-tracks"
          >
            <IconLanguage size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('playback.audioTrack')}</Menu.Label>
        {tracks.map((track) => (
          <Menu.Item
            key={track.index}
            onClick={() => onChange(track.index)}
            leftSection={track.index === current ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
            aria-checked={track.index === current}
            role="menuitemradio"
            data-testid={`player-audio-track-${track.index}`}
          >
            {audioTrackLabel(track, t, i18n.language)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** While the HLS is still being written: say so, and offer the newest picture. */
export function GrowingIndicator({ onJumpToLive }: { onJumpToLive(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip label={t('playback.growingHint')}>
        <Badge color="orange" variant="light" data-testid="player-growing">
          {t('playback.growing')}
        </Badge>
      </Tooltip>
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        leftSection={<IconPlayerSkipForward size={14} />}
        onClick={onJumpToLive}
        data-testid="player-jump-to-live"
      >
        {t('playback.jumpToLive')}
      </Button>
    </>
  );
}

/** Playing the stored original before its proxy exists. */
export function OriginalIndicator() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('playback.originalHint')}>
      <Badge color="gray" variant="light" data-testid="player-original">
        {t('playback.original')}
      </Badge>
    </Tooltip>
  );
}
