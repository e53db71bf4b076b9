import { Anchor, Group } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { frameClock } from '../../features/player/frame-math';
import { ticksToTimecode } from '../item-details/comment-timecode';
import type { TSearchHit } from './use-search-results';

export type TLogMatch = { entryId: string; tcIn: number; tcOut: number | null };

const SHOWN = 3;

/** "at <timecode>" for each log entry the search matched in a hit; each opens the item there. */
export function LogMatchLinks({ item, matches }: { item: TSearchHit; matches: readonly TLogMatch[] | undefined }) {
  const { t } = useTranslation();
  if (!matches || matches.length === 0) return null;
  const clock = frameClock(item.media?.frameRate ?? '50/1', item.media?.timecodeStart);
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <Group gap={6} onClick={stop} data-testid="log-matches">
      {matches.slice(0, SHOWN).map((match) => (
        <Anchor
          key={match.entryId}
          component={Link}
          to={`/item-details/${encodeURIComponent(item.id)}?t=${match.tcIn}`}
          size="xs"
          ff="monospace"
          data-testid="log-match"
        >
          {t('search.atTimecode', { timecode: ticksToTimecode(match.tcIn, clock) })}
        </Anchor>
      ))}
    </Group>
  );
}
