import { Alert, Button, Center, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  MediaPlayer,
  type MediaPlayerProps,
  type TPlayerMarker,
  type TPlayerOverlayState,
  type TSeekRequest,
} from '../../features/player/media-player';
import type { ReactNode } from 'react';
import type { TItem } from './item-types';

/** What the player plays and shows of an item: its playback source, proxy, poster, rate, timecode and overviews. */
export function itemPlayerProps(
  item: TItem,
  playback: NonNullable<TItem['playback']>,
  media: NonNullable<TItem['media']>,
): Omit<MediaPlayerProps, 'kind'> {
  return {
    source: playback,
    mp4Url: item.urls.mp4 ?? undefined,
    posterUrl: item.urls.thumbnail ?? undefined,
    frameRate: media.frameRate ?? '50/1',
    durationSeconds: media.durationSeconds ?? 0,
    timecodeStart: media.timecodeStart,
    filmstrip: item.urls.filmstrip
      ? { spriteUrl: item.urls.filmstrip.sprite, manifestUrl: item.urls.filmstrip.manifest }
      : undefined,
    waveformUrl: item.urls.waveform ?? undefined,
  };
}

/** The largest preview that fits a typical screen, in the best format the browser is sure to show. */
function bestPreview(item: TItem): string | null {
  const previews = [...item.urls.previews].sort((a, b) => b.width - a.width);
  const webp = previews.filter((p) => p.format === 'webp' && p.width <= 2560);
  const jpeg = previews.filter((p) => p.format === 'jpg' || p.format === 'jpeg');
  return webp[0]?.url ?? jpeg[0]?.url ?? item.urls.thumbnail;
}

/** Processing, kept small beside what already plays: the step and how far it is. */
function ProcessingLine({ item }: { item: TItem }) {
  const { t } = useTranslation();
  const transcoding = item.transcoding;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="viewer-processing-line">
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('itemDetails.state.processing')}
        {transcoding?.step ? ` · ${t(`monitor.steps.${transcoding.step}`, { defaultValue: transcoding.step })}` : ''}
      </Text>
      <Progress value={transcoding?.progress ?? 0} size="xs" animated style={{ flex: 1 }} />
    </Group>
  );
}

/**
 * Player, image viewer or document preview, or the processing state while there is nothing to show yet. Media
 * play while they are processed (the original, then the HLS as it is written), with the progress beside.
 */
export function MediaViewer({
  item,
  onMarksChange,
  markers,
  onMarkerClick,
  seekRequest,
  onTimeChange,
  overlay,
}: {
  item: TItem;
  onMarksChange?: (marks: { in: number | null; out: number | null }) => void;
  markers?: readonly TPlayerMarker[];
  onMarkerClick?: (id: string) => void;
  seekRequest?: TSeekRequest | null;
  onTimeChange?: (seconds: number) => void;
  overlay?: (state: TPlayerOverlayState) => ReactNode;
}) {
  const { t } = useTranslation();
  const transcoding = item.transcoding;
  // A recording's original arrives when it stops; meanwhile it plays what it has recorded.
  const uploading = item.itemType !== 'live' && item.upload && item.upload.state !== 'COMPLETE';

  if (uploading) {
    const total = item.upload!.totalBytes ?? 0;
    const percent = total > 0 ? (100 * item.upload!.receivedBytes) / total : 0;
    return (
      <Paper withBorder p="xl" data-testid="viewer-uploading">
        <Stack>
          <Text>{t('itemDetails.state.uploading')}</Text>
          <Progress value={percent} animated />
        </Stack>
      </Paper>
    );
  }
  if (transcoding?.state === 'ERROR') {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={t('itemDetails.state.errorTitle')}
        data-testid="viewer-error"
      >
        {transcoding.error ?? t('errors.INTERNAL')}
      </Alert>
    );
  }
  const ready = transcoding?.state === 'COMPLETE';
  const playback = item.playback;
  // A live recording plays its growing proxy as a video while it records.
  const timed = item.itemType === 'video' || item.itemType === 'audio' || item.itemType === 'live';
  if (timed && playback && item.media) {
    return (
      <Stack gap={6}>
        <MediaPlayer
          {...itemPlayerProps(item, playback, item.media)}
          kind={item.itemType === 'audio' ? 'audio' : 'video'}
          onMarksChange={onMarksChange}
          markers={markers}
          onMarkerClick={onMarkerClick}
          seekRequest={seekRequest}
          onTimeChange={onTimeChange}
          overlay={overlay}
        />
        {!ready && <ProcessingLine item={item} />}
      </Stack>
    );
  }
  if (item.itemType === 'image' && ready) {
    const src = bestPreview(item);
    return src ? (
      <Center bg="dark.8" style={{ borderRadius: 8 }}>
        <Image src={src} alt={item.title} fit="contain" mah="70vh" data-testid="image-viewer" />
      </Center>
    ) : null;
  }
  // A JPEG or PNG shows as it is while its previews are made.
  if (item.itemType === 'image' && playback) {
    return (
      <Stack gap={6}>
        <Center bg="dark.8" style={{ borderRadius: 8 }}>
          <Image src={playback.url} alt={item.title} fit="contain" mah="70vh" data-testid="image-viewer" />
        </Center>
        <ProcessingLine item={item} />
      </Stack>
    );
  }
  if (!ready) {
    return (
      <Paper withBorder p="xl" data-testid="viewer-processing">
        <Stack>
          {item.urls.thumbnail && <Image src={item.urls.thumbnail} alt="" mah={240} fit="contain" />}
          <Text>
            {t('itemDetails.state.processing')}
            {transcoding?.step
              ? ` · ${t(`monitor.steps.${transcoding.step}`, { defaultValue: transcoding.step })}`
              : ''}
          </Text>
          <Progress value={transcoding?.progress ?? 0} animated />
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="xl" data-testid="viewer-file">
      <Stack align="center">
        {item.urls.thumbnail && <Image src={item.urls.thumbnail} alt={item.title} mah={360} fit="contain" />}
        {item.urls.original && (
          <Button component="a" href={item.urls.original} leftSection={<IconDownload size={16} />} variant="default">
            {t('itemDetails.download')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
