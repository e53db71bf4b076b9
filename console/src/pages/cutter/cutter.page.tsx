import { Alert, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { cutterShortcut } from '../../features/cutter/cutter-shortcuts';
import { cutterSource, type TCutterSource } from '../../features/cutter/cutter-source';
import { markedClip, programClips } from '../../features/cutter/sequence-program';
import { SequencePlayer } from '../../features/cutter/sequence-player';
import { SequenceTimeline } from '../../features/cutter/sequence-timeline.panel';
import { EMPTY_TIMELINE, timelineReducer, toSequenceClips } from '../../features/cutter/sequence-timeline.state';
import { frameClock } from '../../features/player/frame-math';
import { NO_MARKS, type TMarks } from '../../features/player/marks';
import { MediaPlayer } from '../../features/player/media-player';
import { isTypingTarget } from '../../features/player/shortcuts';
import { errorMessage } from '../../lib/app-error';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { CutterSearchPanel } from './cutter-search.panel';
import { SequenceSaveBar } from './sequence-save.bar';
import { itemPlayerProps } from '../item-details/media-viewer';
import type { TSearchHit } from '../search/use-search-results';
import { SequenceRenderButton, SequenceRendersPanel } from '../../features/renders';

const SearchPanel = memo(CutterSearchPanel);

/** The items the cutter shows (the open source and every clip's source), followed while they are processed. */
function useSources(ids: readonly string[]): ReadonlyMap<string, TCutterSource> {
  const queries = trpc.useQueries((q) =>
    ids.map((itemId) =>
      q.items.get(
        { itemId },
        {
          refetchInterval: (query) => {
            const data = query.state.data;
            const busy = !data?.urls.mp4 && data?.transcoding?.state !== 'ERROR';
            return busy ? 2000 : false;
          },
        },
      ),
    ),
  );
  const items = queries.map((q) => q.data);
  // One map per change of any item, not per render: the sequence playback restarts on a new map.
  const key = items
    .map((item) => (item ? `${item.id}:${item.urls.mp4 ?? ''}:${item.media?.durationSeconds}` : ''))
    .join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => new Map(items.flatMap((item) => (item ? [[item.id, cutterSource(item)] as const] : []))), [key]);
}

/**
 * The cutter (spec section 2, `/cutter`): the search on the left; on the right the source player, where I and O mark
 * a range and S adds it to the sequence, the sequence playing from the sources' proxies, and its timeline.
 */
export default function CutterPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [openId, setOpenId] = useState<string | null>(null);
  const [marks, setMarks] = useState<TMarks>(NO_MARKS);
  const [timeline, dispatch] = useReducer(timelineReducer, EMPTY_TIMELINE);
  const [playing, setPlaying] = useState(false);
  const [params, setParams] = useSearchParams();
  const sequenceId = params.get('sequence');
  const [title, setTitle] = useState('');
  // The sequence whose clips are on the timeline: a save that names a new sequence does not load it again.
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const sequence = trpc.sequences.get.useQuery({ id: sequenceId ?? '' }, { enabled: !!sequenceId });
  const setSequenceParam = useCallback(
    (id: string | null) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('sequence', id);
        else next.delete('sequence');
        return next;
      }),
    [setParams],
  );
  useEffect(() => {
    const view = sequence.data;
    if (!view || view.id === loadedId) return;
    setLoadedId(view.id);
    setTitle(view.title);
    dispatch({ type: 'load', clips: view.clips });
  }, [sequence.data, loadedId]);

  const ids = useMemo(
    () => [...new Set([...(openId ? [openId] : []), ...timeline.clips.map((c) => c.itemId)])],
    [openId, timeline.clips],
  );
  const sources = useSources(ids);
  const open = openId ? sources.get(openId) : undefined;
  const openItem = trpc.items.get.useQuery({ itemId: openId ?? '' }, { enabled: !!openId });
  const program = useMemo(() => programClips(timeline.clips, sources), [timeline.clips, sources]);
  const firstSource = timeline.clips[0] ? sources.get(timeline.clips[0].itemId) : open;
  const sequenceClock = useMemo(() => frameClock(firstSource?.frameRate ?? '50/1'), [firstSource?.frameRate]);

  const notVideo = useCallback(
    () => notifications.show({ color: 'red', title: t('common.error'), message: t('errors.SEQUENCE_ITEM_NOT_VIDEO') }),
    [t],
  );
  const onOpen = useCallback(
    (hit: TSearchHit) => {
      if (hit.itemType === 'sequence') return setSequenceParam(hit.id);
      // A recording is cut while it grows (edit while record).
      if (hit.itemType !== 'video' && hit.itemType !== 'live') return notVideo();
      setOpenId(hit.id);
      setMarks(NO_MARKS);
    },
    [notVideo, setSequenceParam],
  );

  // An edit while the sequence plays stops it, so the playback never runs on a stale clip list.
  useEffect(() => setPlaying(false), [timeline.clips]);

  const addRange = useRef(() => {});
  addRange.current = () => {
    if (!open) return;
    if (!open.isVideo) return notVideo();
    const clip = markedClip(marks, open);
    if (clip) dispatch({ type: 'add', clip, sourceFrames: open.sourceFrames });
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      if (isTypingTarget(event.target instanceof Element ? (event.target as HTMLElement) : null)) return;
      const action = cutterShortcut(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'addRange') addRange.current();
      else dispatch({ type: action });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!can('cutter')) return <Alert color="gray">{t('errors.FORBIDDEN')}</Alert>;

  const item = openItem.data;
  return (
    <Stack gap="md" data-testid="cutter-page">
      <PageHeader title={t('cutter.title')} description={t('cutter.description')} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SearchPanel onOpen={onOpen} openId={openId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            {sequence.error && <Alert color="red">{errorMessage(t, sequence.error)}</Alert>}
            <SequenceSaveBar
              sequenceId={sequenceId}
              title={title}
              onTitleChange={setTitle}
              clips={toSequenceClips(timeline.clips)}
              onSaved={(id) => {
                setLoadedId(id);
                setSequenceParam(id);
              }}
              onNew={() => {
                setLoadedId(null);
                setTitle('');
                setSequenceParam(null);
                dispatch({ type: 'load', clips: [] });
              }}
            />
            {sequenceId && can('exportSequence') && (
              <Paper withBorder p="xs" data-testid="cutter-renders">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <SequenceRendersPanel sequenceId={sequenceId} />
                  <SequenceRenderButton sequenceId={sequenceId} />
                </Group>
              </Paper>
            )}
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap={4} data-testid="cutter-source" data-item-id={openId ?? undefined}>
                  <Text size="sm" fw={600} truncate>
                    {t('cutter.sourcePlayer')}
                    {item ? ` · ${item.title}` : ''}
                  </Text>
                  {item?.playback && item.media ? (
                    <MediaPlayer
                      key={item.id}
                      {...itemPlayerProps(item, item.playback, item.media)}
                      kind="video"
                      marks={marks}
                      onMarksChange={setMarks}
                    />
                  ) : (
                    <Paper withBorder p="xl" data-testid="cutter-source-empty">
                      <Text c="dimmed" size="sm">
                        {openId ? t('cutter.sourceNotReady') : t('cutter.pickSource')}
                      </Text>
                    </Paper>
                  )}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('cutter.sequencePlayer')}
                  </Text>
                  <SequencePlayer
                    program={program}
                    playhead={timeline.playhead}
                    playing={playing}
                    onPlayingChange={setPlaying}
                    onPlayhead={(frame) => dispatch({ type: 'seek', frame })}
                  />
                </Stack>
              </Grid.Col>
            </Grid>
            <SequenceTimeline
              state={timeline}
              dispatch={dispatch}
              sources={sources}
              clock={sequenceClock}
              playing={playing}
              onTogglePlay={() => setPlaying((p) => !p)}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
