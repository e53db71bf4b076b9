import {
  Anchor,
  Badge,
  Box,
  Center,
  Checkbox,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
  type MantineBreakpoint,
} from '@mantine/core';
import { formatDurationWords, type MediaItemType } from '@mam/core';
import {
  IconBroadcast,
  IconFile,
  IconHeadphones,
  IconHourglass,
  IconMovie,
  IconPhoto,
  IconTimeline,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { durationTimecode, frameClock } from '../../features/player/frame-math';
import { itemState, type TLibraryItem } from './item-state';

const typeIcons: Record<MediaItemType, typeof IconMovie> = {
  video: IconMovie,
  audio: IconHeadphones,
  image: IconPhoto,
  file: IconFile,
  sequence: IconTimeline,
  live: IconBroadcast,
  placeholder: IconHourglass,
};

export function ItemTypeIcon({ type, size = 16 }: { type: MediaItemType; size?: number }) {
  const { t } = useTranslation();
  const Icon = typeIcons[type];
  return <Icon size={size} aria-label={t(`items.types.${type}`)} role="img" data-testid="item-type-icon" />;
}

/** The thumbnail, or the type icon while there is none (or it fails to load). */
export function ItemThumbnail({ item, iconSize = 36 }: { item: TLibraryItem; iconSize?: number }) {
  const [failed, setFailed] = useState(false);
  const url = item.resolvedThumbnailUrl;
  if (url && !failed) {
    return (
      <img
        src={url}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        data-testid="item-thumbnail"
      />
    );
  }
  return (
    <Center h="100%" bg="var(--mantine-color-default-hover)" c="dimmed">
      <ItemTypeIcon type={item.itemType} size={iconSize} />
    </Center>
  );
}

/**
 * The title cell of an item table in a fixed layout: it takes the width the other columns leave and ends in an
 * ellipsis, the whole title in a tooltip, so a long title never widens the table.
 */
export function ItemTitleCell({ item, children }: { item: { id: string; title: string }; children?: ReactNode }) {
  return (
    <Table.Td style={{ overflow: 'hidden' }}>
      <Tooltip label={item.title} openDelay={400} multiline maw={480}>
        <Anchor
          component={Link}
          to={`/item-details/${item.id}`}
          size="sm"
          display="block"
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          data-testid="item-title"
        >
          {item.title}
        </Anchor>
      </Tooltip>
      {children}
    </Table.Td>
  );
}

/** The leading cells of an item table row: selection, thumbnail. */
export function ItemSelectAndThumbCells({
  item,
  selected,
  onSelect,
}: {
  item: TLibraryItem & { title: string };
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td>
        <Checkbox
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
          aria-label={t('items.selectItem', { title: item.title })}
          data-testid="item-select"
        />
      </Table.Td>
      <Table.Td>
        <Box w={64} h={36} style={{ overflow: 'hidden', borderRadius: 4 }}>
          <ItemThumbnail item={item} iconSize={18} />
        </Box>
      </Table.Td>
    </>
  );
}

export function ItemTypeCell({ type, visibleFrom }: { type: MediaItemType; visibleFrom?: MantineBreakpoint }) {
  const { t } = useTranslation();
  return (
    <Table.Td visibleFrom={visibleFrom}>
      <Group gap={6} wrap="nowrap">
        <ItemTypeIcon type={type} size={14} />
        <Text size="sm">{t(`items.types.${type}`)}</Text>
      </Group>
    </Table.Td>
  );
}

/** '1 hour 2 minutes 3 seconds' for video and audio (spec section 9), in the console's language. */
export function useDurationWords() {
  const { t } = useTranslation();
  return (item: Pick<TLibraryItem, 'itemType' | 'media'>): string | null => {
    const seconds = item.media?.durationSeconds;
    if ((item.itemType !== 'video' && item.itemType !== 'audio') || seconds == null || seconds < 0) return null;
    return formatDurationWords(seconds, (key, options) => t(key, options));
  };
}

/**
 * Lists and tiles show a duration as timecode (HH:MM:SS:FF at the item's frame rate); the words (spec section 9)
 * say it in the tooltip and the accessible name.
 */
export function useItemDuration() {
  const words = useDurationWords();
  return (item: Pick<TLibraryItem, 'itemType' | 'media'>): { timecode: string; words: string } | null => {
    const said = words(item);
    if (said === null) return null;
    const media = item.media!;
    // Sound and unreadable rates count at the house default, like the player; drop-frame when the start says so.
    const clock = frameClock(media.frameRate ?? '', media.timecodeStart);
    return { timecode: durationTimecode(media.durationSeconds!, clock), words: said };
  };
}

/** A duration as lists and tiles show it: the timecode, with the words on hover and for screen readers. */
export function ItemDuration({ item, fallback }: { item: Pick<TLibraryItem, 'itemType' | 'media'>; fallback: string }) {
  const duration = useItemDuration()(item);
  if (!duration) return <>{fallback}</>;
  return (
    <Tooltip label={duration.words}>
      <Text span inherit ff="monospace" aria-label={duration.words} data-testid="item-duration">
        {duration.timecode}
      </Text>
    </Tooltip>
  );
}

const stateColour = { uploading: 'blue', processing: 'violet', error: 'red' } as const;

/** A badge while the item is uploading, processing or failed, with the progress where there is one. */
export function ItemStateBadge({ item, withProgress = true }: { item: TLibraryItem; withProgress?: boolean }) {
  const { t } = useTranslation();
  const state = itemState(item);
  if (state.kind === 'ready') return null;
  const badge = (
    <Badge size="xs" variant="filled" color={stateColour[state.kind]} data-testid="item-state" data-state={state.kind}>
      {state.kind === 'error'
        ? t('items.state.error')
        : t(`items.state.${state.kind}`, { percent: Math.round(state.progress) })}
    </Badge>
  );
  return (
    <Stack gap={4}>
      {state.kind === 'error' && state.message ? <Tooltip label={state.message}>{badge}</Tooltip> : badge}
      {withProgress && state.kind !== 'error' && (
        <Progress
          size="xs"
          value={state.progress}
          animated
          color={stateColour[state.kind]}
          aria-label={t(`items.state.${state.kind}`, { percent: Math.round(state.progress) })}
        />
      )}
    </Stack>
  );
}
