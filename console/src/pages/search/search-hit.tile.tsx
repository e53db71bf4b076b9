import { ActionIcon, AspectRatio, Box, Card, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ItemDuration, ItemStateBadge, ItemTypeIcon } from '../folders/item-visuals';
import { LogMatchLinks, type TLogMatch } from './log-match.links';
import { ScrubThumbnail } from './scrub-thumbnail';
import type { TSearchHit } from './use-search-results';
import { ApprovalBadge } from '../../features/approval/approval-status';

/**
 * One hit as a tile: click opens the item (or does `onOpen`, e.g. the cutter loads it), space (or the eye) previews
 * it, the box selects it (none without `onSelect`).
 */
export function SearchHitTile({
  item,
  selected,
  onSelect,
  onPreview,
  onOpen,
  logMatches,
}: {
  item: TSearchHit;
  selected: boolean;
  onSelect?: (on: boolean) => void;
  onPreview: () => void;
  onOpen?: () => void;
  /** The log entries the query matched in this item. */
  logMatches?: readonly TLogMatch[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stop = (event: MouseEvent) => event.stopPropagation();
  const open = onOpen ?? (() => void navigate(`/item-details/${item.id}`));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into the tile's own controls are theirs.
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ') {
      event.preventDefault();
      onPreview();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open();
    }
  };
  return (
    <Card
      withBorder
      padding={0}
      radius="md"
      tabIndex={0}
      onClick={open}
      onKeyDown={onKeyDown}
      style={{
        cursor: 'pointer',
        outline: selected ? '2px solid var(--mantine-primary-color-filled)' : undefined,
      }}
      aria-label={item.title}
      aria-keyshortcuts="Space Enter"
      data-testid="item-tile"
      data-item-id={item.id}
      data-selected={selected}
    >
      <Box pos="relative">
        <AspectRatio ratio={16 / 9}>
          <ScrubThumbnail item={item} />
        </AspectRatio>
        {onSelect && (
          <Box pos="absolute" top={6} left={6} onClick={stop}>
            <Checkbox
              checked={selected}
              onChange={(e) => onSelect(e.currentTarget.checked)}
              aria-label={t('items.selectItem', { title: item.title })}
              data-testid="item-select"
            />
          </Box>
        )}
        <Box pos="absolute" top={6} right={6} onClick={stop}>
          <Tooltip label={t('search.preview.open')}>
            <ActionIcon
              variant="default"
              size="sm"
              onClick={onPreview}
              aria-label={t('search.preview.openItem', { title: item.title })}
              data-testid="item-preview"
            >
              <IconEye size={14} />
            </ActionIcon>
          </Tooltip>
        </Box>
        <Group pos="absolute" bottom={6} left={6} right={6} gap={4}>
          <ItemStateBadge item={item} />
          <ApprovalBadge status={item.approval?.status} />
        </Group>
      </Box>
      <Stack gap={2} p="xs">
        <Group gap={6} wrap="nowrap">
          <ItemTypeIcon type={item.itemType} size={14} />
          <Text size="sm" fw={500} truncate title={item.title} data-testid="item-title">
            {item.title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          <ItemDuration item={item} fallback={t(`items.types.${item.itemType}`)} />
        </Text>
        <LogMatchLinks item={item} matches={logMatches} />
      </Stack>
    </Card>
  );
}
