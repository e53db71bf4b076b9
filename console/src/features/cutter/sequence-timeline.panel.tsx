import { Box, Group, Kbd, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowDown,
  IconArrowForwardUp,
  IconArrowUp,
  IconChevronLeft,
  IconChevronRight,
  IconCut,
  IconMusic,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { useRef, type Dispatch, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../components/icon-action';
import { filmstripTileStyle, parseFilmstripManifest } from '../player/filmstrip';
import { durationTimecode, frameStart, timecodeAt, type TFrameClock } from '../player/frame-math';
import { useMediaJson } from '../player/use-media-json';
import { timelineKey } from './cutter-shortcuts';
import type { TCutterSource } from './cutter-source';
import {
  clipFrames,
  clipStarts,
  totalFrames,
  type TTimelineAction,
  type TTimelineClip,
  type TTimelineState,
} from './sequence-timeline.state';

const TRACK_HEIGHT = 56;
const AUDIO_HEIGHT = 14;

/** The picture of a clip's first frame: its filmstrip tile, else the item's thumbnail. */
function ClipPicture({ clip, source }: { clip: TTimelineClip; source: TCutterSource | undefined }) {
  const manifest = useMediaJson(source?.filmstrip?.manifest, parseFilmstripManifest);
  if (source?.filmstrip && manifest) {
    const tile = filmstripTileStyle(manifest, frameStart(clip.inFrame, source.clock), (TRACK_HEIGHT * 16) / 9);
    return (
      <div
        style={{
          width: tile.width,
          height: tile.height,
          backgroundImage: `url("${source.filmstrip.sprite}")`,
          backgroundPosition: tile.backgroundPosition,
          backgroundSize: tile.backgroundSize,
        }}
      />
    );
  }
  if (source?.thumbnailUrl)
    return <img src={source.thumbnailUrl} alt="" style={{ height: TRACK_HEIGHT, objectFit: 'cover' }} />;
  return null;
}

/** A length in frames as timecode at a source's rate. */
const frames = (count: number, clock: TFrameClock) => durationTimecode(frameStart(count, clock), clock);

/**
 * The sequence as blocks on a track (picture and sound together, widths by length) with the playhead over them,
 * and as a list with each clip's in, out and duration. Keyboard first: the focused track takes the arrows (playhead,
 * trim), ↑ ↓ (select, move), Delete, B (split) and Space (play); blocks also drag to a new place.
 */
export function SequenceTimeline({
  state,
  dispatch,
  sources,
  clock,
  playing,
  onTogglePlay,
}: {
  state: TTimelineState;
  dispatch: Dispatch<TTimelineAction>;
  sources: ReadonlyMap<string, TCutterSource>;
  /** The sequence's clock: its first clip's rate, no start offset. */
  clock: TFrameClock;
  playing: boolean;
  onTogglePlay: () => void;
}) {
  const { t } = useTranslation();
  const dragged = useRef<number | null>(null);
  const { clips, selected, playhead } = state;
  const total = totalFrames(clips);
  const starts = clipStarts(clips);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = timelineKey(event);
    if (!key) return;
    event.preventDefault();
    switch (key.type) {
      case 'togglePlay':
        return onTogglePlay();
      case 'step':
        return dispatch({ type: 'step', delta: key.delta });
      case 'start':
        return dispatch({ type: 'seek', frame: 0 });
      case 'end':
        return dispatch({ type: 'seek', frame: total });
      case 'selectStep':
        return dispatch({ type: 'selectStep', delta: key.delta });
      case 'split':
        return dispatch({ type: 'split' });
      case 'trimIn':
        return selected !== null && dispatch({ type: 'trimIn', index: selected, delta: key.delta });
      case 'trimOut':
        return selected !== null && dispatch({ type: 'trimOut', index: selected, delta: key.delta });
      case 'move':
        return selected !== null && dispatch({ type: 'move', from: selected, to: selected + key.delta });
      case 'remove':
        return selected !== null && dispatch({ type: 'remove', index: selected });
    }
  };

  const onTrackClick = (event: MouseEvent<HTMLDivElement>, index: number) => {
    const box = event.currentTarget.parentElement!.getBoundingClientRect();
    dispatch({ type: 'select', index });
    dispatch({ type: 'seek', frame: Math.floor(((event.clientX - box.left) / box.width) * total) });
  };

  return (
    <Paper withBorder p="xs" data-testid="cutter-timeline">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={2}>
            <IconAction
              label={playing ? t('cutter.pause') : t('cutter.play')}
              onClick={onTogglePlay}
              disabled={clips.length === 0}
              data-testid="sequence-play"
            >
              {playing ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
            </IconAction>
            <IconAction
              label={`${t('cutter.undo')} (Ctrl+Z)`}
              onClick={() => dispatch({ type: 'undo' })}
              disabled={state.past.length === 0}
              data-testid="cutter-undo"
            >
              <IconArrowBackUp size={18} />
            </IconAction>
            <IconAction
              label={`${t('cutter.redo')} (Ctrl+Shift+Z)`}
              onClick={() => dispatch({ type: 'redo' })}
              disabled={state.future.length === 0}
              data-testid="cutter-redo"
            >
              <IconArrowForwardUp size={18} />
            </IconAction>
            <IconAction
              label={`${t('cutter.split')} (B)`}
              onClick={() => dispatch({ type: 'split' })}
              disabled={clips.length === 0}
              data-testid="cutter-split"
            >
              <IconCut size={18} />
            </IconAction>
          </Group>
          <Group gap="md">
            <Text size="sm" ff="monospace" aria-label={t('cutter.playhead')} data-testid="cutter-playhead">
              {frames(playhead, clock)}
            </Text>
            <Text size="sm" ff="monospace" c="dimmed" aria-label={t('cutter.total')} data-testid="cutter-total">
              {t('cutter.totalLabel', { duration: frames(total, clock) })}
            </Text>
          </Group>
        </Group>
        <Box
          tabIndex={0}
          role="group"
          aria-label={t('cutter.timeline')}
          aria-keyshortcuts="ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Alt+ArrowLeft Alt+ArrowRight ArrowUp ArrowDown Shift+ArrowUp Shift+ArrowDown Delete B Space"
          onKeyDown={onKeyDown}
          pos="relative"
          h={TRACK_HEIGHT + AUDIO_HEIGHT + 4}
          bg="dark.6"
          style={{ display: 'flex', borderRadius: 4, overflow: 'hidden' }}
          data-testid="cutter-track"
        >
          {clips.map((clip, index) => {
            const source = sources.get(clip.itemId);
            return (
              <Tooltip key={clip.key} label={source?.title ?? clip.itemId} openDelay={400}>
                <Box
                  draggable
                  onDragStart={(event) => {
                    dragged.current = index;
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged.current !== null) dispatch({ type: 'move', from: dragged.current, to: index });
                    dragged.current = null;
                  }}
                  onClick={(event) => onTrackClick(event, index)}
                  data-testid="cutter-clip"
                  data-index={index}
                  data-item-id={clip.itemId}
                  data-selected={selected === index}
                  style={{
                    flex: `${clipFrames(clip)} 0 0`,
                    minWidth: 3,
                    overflow: 'hidden',
                    cursor: 'grab',
                    borderRight: '2px solid var(--mantine-color-dark-9)',
                    outline: selected === index ? '2px solid var(--mantine-color-yellow-5)' : undefined,
                    outlineOffset: -2,
                  }}
                >
                  <Box h={TRACK_HEIGHT} bg="blue.9" pos="relative" style={{ overflow: 'hidden' }}>
                    <ClipPicture clip={clip} source={source} />
                    <Text
                      size="xs"
                      c="white"
                      pos="absolute"
                      bottom={2}
                      left={4}
                      right={4}
                      truncate
                      style={{ textShadow: '0 0 3px black' }}
                    >
                      {source?.title}
                    </Text>
                  </Box>
                  <Box h={AUDIO_HEIGHT} mt={2} bg="teal.8" style={{ display: 'flex', alignItems: 'center' }}>
                    <IconMusic size={10} color="white" style={{ marginLeft: 4 }} />
                  </Box>
                </Box>
              </Tooltip>
            );
          })}
          {total > 0 && (
            <Box
              pos="absolute"
              top={0}
              bottom={0}
              w={2}
              bg="red.6"
              left={`${(100 * playhead) / total}%`}
              style={{ pointerEvents: 'none' }}
              data-testid="cutter-playhead-line"
              data-frame={playhead}
            />
          )}
        </Box>
        <ClipList state={state} dispatch={dispatch} sources={sources} starts={starts} />
        <Text size="xs" c="dimmed">
          <Kbd size="xs">S</Kbd> {t('cutter.hintAdd')} · <Kbd size="xs">←</Kbd>
          <Kbd size="xs">→</Kbd> {t('cutter.hintStep')} · <Kbd size="xs">Shift</Kbd>/<Kbd size="xs">Alt</Kbd>+
          <Kbd size="xs">←</Kbd>
          <Kbd size="xs">→</Kbd> {t('cutter.hintTrim')} · <Kbd size="xs">Shift</Kbd>+<Kbd size="xs">↑</Kbd>
          <Kbd size="xs">↓</Kbd> {t('cutter.hintMove')} · <Kbd size="xs">B</Kbd> {t('cutter.split')} ·{' '}
          <Kbd size="xs">Del</Kbd> {t('cutter.remove')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The trim buttons of a clip: either end one frame earlier or later. */
const trims = [
  ['cutter.trimInEarlier', 'trimIn', -1],
  ['cutter.trimInLater', 'trimIn', 1],
  ['cutter.trimOutEarlier', 'trimOut', -1],
  ['cutter.trimOutLater', 'trimOut', 1],
] as const;

function ClipList({
  state,
  dispatch,
  sources,
  starts,
}: {
  state: TTimelineState;
  dispatch: Dispatch<TTimelineAction>;
  sources: ReadonlyMap<string, TCutterSource>;
  starts: number[];
}) {
  const { t } = useTranslation();
  if (state.clips.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="cutter-empty">
        {t('cutter.emptyTimeline')}
      </Text>
    );
  return (
    <Table verticalSpacing={2} fz="sm" data-testid="cutter-clips">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={28}>#</Table.Th>
          <Table.Th>{t('cutter.source')}</Table.Th>
          <Table.Th>{t('cutter.in')}</Table.Th>
          <Table.Th>{t('cutter.out')}</Table.Th>
          <Table.Th>{t('cutter.duration')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {state.clips.map((clip, index) => {
          const source = sources.get(clip.itemId);
          const clock = source?.clock;
          return (
            <Table.Tr
              key={clip.key}
              data-testid="cutter-clip-row"
              data-index={index}
              data-selected={state.selected === index}
              bg={state.selected === index ? 'var(--mantine-primary-color-light)' : undefined}
              onClick={() => {
                dispatch({ type: 'select', index });
                dispatch({ type: 'seek', frame: starts[index]! });
              }}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td maw={160}>
                <Text size="sm" truncate>
                  {source?.title ?? '…'}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace" data-testid="clip-in">
                {clock ? timecodeAt(frameStart(clip.inFrame, clock), clock) : ''}
              </Table.Td>
              <Table.Td ff="monospace" data-testid="clip-out">
                {clock ? timecodeAt(frameStart(clip.outFrame - 1, clock), clock) : ''}
              </Table.Td>
              <Table.Td ff="monospace" data-testid="clip-duration">
                {clock ? frames(clipFrames(clip), clock) : ''}
              </Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Group gap={0} wrap="nowrap">
                  {trims.map(([label, type, delta]) => (
                    <IconAction
                      key={label}
                      size="sm"
                      label={t(label)}
                      onClick={() => dispatch({ type, index, delta })}
                      data-testid={`clip-${type}-${delta > 0 ? 'later' : 'earlier'}`}
                    >
                      {delta < 0 ? <IconChevronLeft size={14} /> : <IconChevronRight size={14} />}
                    </IconAction>
                  ))}
                  <IconAction
                    size="sm"
                    label={t('cutter.moveEarlier')}
                    disabled={index === 0}
                    onClick={() => dispatch({ type: 'move', from: index, to: index - 1 })}
                  >
                    <IconArrowUp size={14} />
                  </IconAction>
                  <IconAction
                    size="sm"
                    label={t('cutter.moveLater')}
                    disabled={index === state.clips.length - 1}
                    onClick={() => dispatch({ type: 'move', from: index, to: index + 1 })}
                  >
                    <IconArrowDown size={14} />
                  </IconAction>
                  <IconAction
                    size="sm"
                    color="red"
                    label={t('cutter.remove')}
                    onClick={() => dispatch({ type: 'remove', index })}
                    data-testid="clip-remove"
                  >
                    <IconTrash size={14} />
                  </IconAction>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
