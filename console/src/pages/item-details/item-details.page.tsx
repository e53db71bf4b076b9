import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconDownload,
  IconFolder,
  IconHistory,
  IconInfoCircle,
  IconLicense,
  IconLink,
  IconListDetails,
  IconMessageCircle,
  IconRefresh,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { ticksToSeconds } from '@mam/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { AnnotationLayer, drawingsBesideDraft, useAnnotationDraft, useDrawingEdit } from '../../features/annotations';
import { frameClock } from '../../features/player/frame-math';
import { NO_MARKS, type TMarks } from '../../features/player/marks';
import type { TPlayerOverlayState, TSeekRequest } from '../../features/player/media-player';
import { ItemUploadActions } from '../../features/upload';
import { SequenceExportMenu } from '../../features/sequence-interchange';
import { SequenceRenderButton, SequenceRendersPanel } from '../../features/renders';
import { errorMessage, hasErrorCode } from '../../lib/app-error';
import { isWellFormedId, MissingTarget } from '../../components/missing-target';
import { notifyError } from '../../lib/notify';
import { useCan, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { commentMarkers, commentTarget } from './comment-link';
import { timecodeLabel } from './comment-timecode';
import { CommentsTab } from './comments-tab';
import { HistoryTab } from './history-tab';
import { LOG_MARKER_PREFIX, logEntryMarkers } from './log-entry-rules';
import { LoggingTab } from './logging-tab';
import { RelationsTab } from './relations-tab';
import { MediaViewer } from './media-viewer';
import { ShareDialog } from '../../features/shares/share-dialog';
import { ApprovalControl } from '../../features/approval/approval-status';
import { MetadataTab } from './metadata-tab';
import { TechnicalPanel } from './technical-panel';
import { UsageRulesTab } from './usage-rules-tab';
import { VersionsPanel } from './versions-panel';
import { HighresDeletionPanel } from '../../features/highres-deletion/highres-deletion.panel';
import { ArchivePanel } from '../../features/archive';
import { LiveDownloadMenu } from '../../features/live-download';
import { SendToStoragePanel } from '../../features/send-to-storage';
import { SequenceClipsPanel } from './sequence-clips.panel';
import { VirtualClipPanel } from './virtual-clip.panel';
import type { TItem } from './item-types';

function stateBadge(item: TItem, t: (key: string) => string) {
  if (item.itemType === 'live' && item.transcoding?.state !== 'ERROR')
    return (
      <Badge color="red" variant="filled" data-testid="item-details-state" data-state="recording">
        {t('itemDetails.state.recording')}
      </Badge>
    );
  if (item.upload && item.upload.state !== 'COMPLETE')
    return (
      <Badge color="blue" data-testid="item-details-state" data-state="uploading">
        {t('itemDetails.state.uploading')}
      </Badge>
    );
  switch (item.transcoding?.state) {
    case 'ERROR':
      return (
        <Badge color="red" data-testid="item-details-state" data-state="error">
          {t('itemDetails.state.error')}
        </Badge>
      );
    case 'INITIATED':
    case 'PROGRESSING':
      return (
        <Badge color="blue" data-testid="item-details-state" data-state="processing">
          {t('itemDetails.state.processing')}
        </Badge>
      );
    default:
      return null;
  }
}

/**
 * Item details (/item-details/{id}): the media, its technical data, versions, metadata and history. A comment link
 * (?t=<ticks>&comment=<id>, from My tasks) opens with the player at the timecode and the comment's thread open.
 */
export default function ItemDetailsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const session = useSession().data!;
  const [confirmation, confirm] = useConfirm();
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const [target] = useState(() => commentTarget(searchParams));
  const showComments = can('tabComments') && can('commentRead');
  const [tab, setTab] = useState<string>(target.commentId && showComments ? 'comments' : 'metadata');
  const [highlightId, setHighlightId] = useState<string | null>(target.commentId);
  const [seekRequest, setSeekRequest] = useState<TSeekRequest | null>(
    target.ticks === null ? null : { seconds: ticksToSeconds(target.ticks), nonce: 1 },
  );
  const seekToTicks = (ticks: number) =>
    setSeekRequest((previous) => ({ seconds: ticksToSeconds(ticks), nonce: (previous?.nonce ?? 0) + 1 }));
  // Another comment link to this same page (the route stays mounted) opens that comment too.
  const linkedSearch = useRef(search);
  useEffect(() => {
    if (linkedSearch.current === search) return;
    linkedSearch.current = search;
    const next = commentTarget(new URLSearchParams(search));
    if (next.commentId) {
      setHighlightId(next.commentId);
      if (showComments) setTab('comments');
    }
    if (next.ticks !== null) {
      const seconds = ticksToSeconds(next.ticks);
      setSeekRequest((previous) => ({ seconds, nonce: (previous?.nonce ?? 0) + 1 }));
    }
  }, [search, showComments]);
  // The player's in and out marks, offered as a new comment's timecode.
  const [marks, setMarks] = useState<TMarks>(NO_MARKS);
  // The playhead (media seconds): a new comment's default timecode.
  const [playhead, setPlayhead] = useState(0);
  // The drawing a new comment will carry, drawn on the paused frame.
  const draft = useAnnotationDraft();
  // The drawing of a posted comment being edited: it takes the layer over the picture while open.
  const drawingEdit = useDrawingEdit();
  const layerDraft = drawingEdit.commentId ? drawingEdit.draft : draft;
  const [sharing, setSharing] = useState(false);
  const item = trpc.items.get.useQuery(
    { itemId: id },
    {
      // A malformed id names nothing: the page says so without asking.
      enabled: isWellFormedId(id),
      retry: (count, error) => !hasErrorCode(error, 'NOT_FOUND', 'VALIDATION_FAILED', 'FORBIDDEN') && count < 2,
      // Follow upload and processing until the item settles.
      refetchInterval: (query) => {
        const data = query.state.data;
        if (!data) return false;
        // The player follows along: original, then HLS as it is written, then the proxy, at the same playhead.
        const busy =
          (data.upload && data.upload.state !== 'COMPLETE') ||
          data.transcoding?.state === 'INITIATED' ||
          data.transcoding?.state === 'PROGRESSING' ||
          data.playback?.kind === 'growing';
        return busy ? 1500 : false;
      },
    },
  );
  const media = item.data?.media;
  const timed =
    (item.data?.itemType === 'video' || item.data?.itemType === 'audio' || item.data?.itemType === 'live') && !!media;
  // The same query as the Comments tab, so the markers and the threads share one fetch and refresh together.
  const comments = trpc.comments.list.useQuery({ itemId: id }, { enabled: showComments && timed });
  // Log entries show on the timeline beside comments; the Logging tab reads the same query.
  const showLogging = can('tabLogging');
  const logEntries = trpc.logEntries.list.useQuery({ itemId: id }, { enabled: showLogging && timed });
  const markers = useMemo(() => {
    const clock = frameClock(media?.frameRate ?? '50/1', media?.timecodeStart);
    const label = (tcIn: number, tcOut: number | null) => timecodeLabel(tcIn, tcOut, clock) ?? '';
    if (!timed) return [];
    return [
      ...(comments.data ? commentMarkers(comments.data, label) : []),
      ...(logEntries.data ? logEntryMarkers(logEntries.data.entries, label) : []),
    ];
  }, [timed, comments.data, logEntries.data, media?.frameRate, media?.timecodeStart]);
  const frameSeconds = frameClock(media?.frameRate ?? '50/1', media?.timecodeStart).frameSeconds;
  const overlay = ({ currentTime, playing, video }: TPlayerOverlayState) => (
    <AnnotationLayer
      video={video}
      shown={drawingsBesideDraft(
        comments.data ?? [],
        currentTime,
        frameSeconds,
        { id: highlightId, paused: !playing },
        { drawing: layerDraft.drawing, editingId: drawingEdit.commentId },
      )}
      draft={layerDraft}
    />
  );
  /** Selecting a comment in the list: outlined, and the player at its frame, where its drawing shows. */
  const selectComment = (comment: { id: string; tcIn: number | null }) => {
    setHighlightId(comment.id);
    if (comment.tcIn !== null) seekToTicks(comment.tcIn);
  };
  const pauseForDrawing = () =>
    setSeekRequest((previous) => ({ seconds: playhead, nonce: (previous?.nonce ?? 0) + 1 }));
  const openComment = (commentId: string) => {
    if (commentId.startsWith(LOG_MARKER_PREFIX)) {
      const marker = markers.find((m) => m.id === commentId);
      if (marker) setSeekRequest((previous) => ({ seconds: marker.inSeconds, nonce: (previous?.nonce ?? 0) + 1 }));
      setTab('logging');
      return;
    }
    const marker = markers.find((m) => m.id === commentId);
    if (marker) setSeekRequest((previous) => ({ seconds: marker.inSeconds, nonce: (previous?.nonce ?? 0) + 1 }));
    setHighlightId(commentId);
    setTab('comments');
  };
  const reprocess = trpc.items.reprocess.useMutation({
    onSuccess: () => void item.refetch(),
    onError: (error) => notifyError(t, error),
  });
  const remove = trpc.items.delete.useMutation({
    onSuccess: () => void navigate(item.data?.folderId ? `/folders?folderId=${item.data.folderId}` : '/folders'),
    onError: (error) => notifyError(t, error),
  });

  if (!isWellFormedId(id) || hasErrorCode(item.error, 'NOT_FOUND', 'VALIDATION_FAILED', 'FORBIDDEN'))
    return <MissingTarget kind="item" id={id} />;
  if (item.isLoading)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (item.error || !item.data) return <Alert color="red">{errorMessage(t, item.error)}</Alert>;
  const data = item.data;
  const settled = data.transcoding?.state === 'COMPLETE' || data.transcoding?.state === 'ERROR';

  return (
    <Stack gap="md">
      {confirmation}
      {sharing && (
        <ShareDialog itemIds={[data.id]} defaultTitle={data.title} opened onClose={() => setSharing(false)} />
      )}
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap="xs">
            <Title order={2} data-testid="item-title">
              {data.title}
            </Title>
            <Badge variant="outline" data-testid="item-type">
              {t(`itemDetails.types.${data.itemType}`)}
            </Badge>
            {stateBadge(data, t)}
            <ApprovalControl
              itemId={data.id}
              status={data.approval.status}
              editable={can('approveItems')}
              onChanged={() => void item.refetch()}
            />
          </Group>
          {data.folderId && (
            <Anchor component={Link} to={`/folders?folderId=${data.folderId}`} size="sm">
              <Group gap={4}>
                <IconFolder size={14} />
                {t('itemDetails.openFolder')}
              </Group>
            </Anchor>
          )}
        </div>
        <Group gap="xs">
          {can('shareMedia') && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconShare size={14} />}
              onClick={() => setSharing(true)}
              data-testid="share-item"
            >
              {t('shares.share')}
            </Button>
          )}
          {data.itemType === 'sequence' && can('exportSequence') && <SequenceRenderButton sequenceId={data.id} />}
          {data.itemType === 'sequence' && can('exportSequence') && <SequenceExportMenu sequenceId={data.id} />}
          {data.itemType === 'live' && (
            <LiveDownloadMenu itemId={data.id} title={data.title} highRes={can('downloadMedia')} />
          )}
          {data.urls.original && can('downloadMedia') && (
            <Button
              component="a"
              href={data.urls.original}
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
            >
              {t('itemDetails.download')}
            </Button>
          )}
          {(can('reprocess') || session.isAdmin) && settled && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              loading={reprocess.isPending}
              onClick={() => reprocess.mutate({ itemId: data.id })}
              data-testid="reprocess"
            >
              {t('itemDetails.reprocess')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() =>
              confirm({
                title: t('itemDetails.deleteTitle'),
                message: t('itemDetails.deleteMessage', { title: data.title }),
                confirmLabel: t('itemDetails.delete'),
                onConfirm: () => remove.mutateAsync({ itemIds: [data.id] }).catch(() => undefined),
              })
            }
          >
            {t('itemDetails.delete')}
          </Button>
        </Group>
      </Group>
      <ItemUploadActions
        item={data}
        onCancelled={() => void navigate(data.folderId ? `/folders?folderId=${data.folderId}` : '/')}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <MediaViewer
            item={data}
            onMarksChange={setMarks}
            markers={markers}
            onMarkerClick={openComment}
            seekRequest={seekRequest}
            onTimeChange={setPlayhead}
            overlay={showComments ? overlay : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="sm">
              <Text fw={600} size="sm" mb="xs">
                {t('itemDetails.technical')}
              </Text>
              <TechnicalPanel item={data} />
            </Paper>
            <Paper withBorder p="sm">
              <Text fw={600} size="sm" mb="xs">
                {t('itemDetails.versions.title')}
              </Text>
              <VersionsPanel itemId={data.id} onChanged={() => void item.refetch()} />
            </Paper>
            <Paper withBorder p="sm">
              <Text fw={600} size="sm" mb="xs">
                {t('archive.title')}
              </Text>
              <ArchivePanel
                itemId={data.id}
                isArchived={data.isArchived}
                transfer={data.archiveFileTransfer}
                hasOriginal={Boolean(data.urls.original) || data.isArchived}
                onChanged={() => void item.refetch()}
              />
            </Paper>
            {can('sendToStorage') && (
              <Paper withBorder p="sm">
                <Text fw={600} size="sm" mb="xs">
                  {t('sendToStorage.title')}
                </Text>
                <SendToStoragePanel itemId={data.id} hasOriginal={Boolean(data.urls.original) || data.isArchived} />
              </Paper>
            )}
            <Paper withBorder p="sm">
              <Text fw={600} size="sm" mb="xs">
                {t('highresDeletion.title')}
              </Text>
              <HighresDeletionPanel itemId={data.id} />
            </Paper>
            {data.sequence && (
              <Paper withBorder p="sm">
                <Text fw={600} size="sm" mb="xs">
                  {t('sequences.clips')}
                </Text>
                <SequenceClipsPanel sequence={data.sequence} />
              </Paper>
            )}
            {data.itemType === 'sequence' && (
              <Paper withBorder p="sm">
                <Text fw={600} size="sm" mb="xs">
                  {t('renders.title')}
                </Text>
                <SequenceRendersPanel sequenceId={data.id} />
              </Paper>
            )}
            {data.itemType === 'video' &&
              !data.virtualClip &&
              data.media?.frameRate &&
              (can('virtualClip') || can('subclip')) && (
                <Paper withBorder p="sm">
                  <Text fw={600} size="sm" mb="xs">
                    {t('sequences.saveVirtualClip')}
                  </Text>
                  <VirtualClipPanel item={data} marks={marks} />
                </Paper>
              )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'metadata')}>
        <Tabs.List>
          <Tabs.Tab value="metadata" leftSection={<IconInfoCircle size={14} />} data-testid="tab-metadata">
            {t('itemDetails.tabs.metadata')}
          </Tabs.Tab>
          <Tabs.Tab value="usageRules" leftSection={<IconLicense size={14} />} data-testid="tab-usage-rules">
            {t('itemDetails.tabs.usageRules')}
          </Tabs.Tab>
          {showLogging && timed && (
            <Tabs.Tab value="logging" leftSection={<IconListDetails size={14} />} data-testid="tab-logging">
              {t('itemDetails.tabs.logging')}
            </Tabs.Tab>
          )}
          {can('tabRelations') && (
            <Tabs.Tab value="relations" leftSection={<IconLink size={14} />} data-testid="tab-relations">
              {t('itemDetails.tabs.relations')}
            </Tabs.Tab>
          )}
          {showComments && (
            <Tabs.Tab value="comments" leftSection={<IconMessageCircle size={14} />} data-testid="tab-comments">
              {t('itemDetails.tabs.comments')}
            </Tabs.Tab>
          )}
          {can('history') && (
            <Tabs.Tab value="history" leftSection={<IconHistory size={14} />} data-testid="tab-history">
              {t('itemDetails.tabs.history')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="metadata" pt="md">
          <MetadataTab item={data} onSaved={() => void item.refetch()} />
        </Tabs.Panel>
        <Tabs.Panel value="usageRules" pt="md">
          {tab === 'usageRules' && <UsageRulesTab itemId={data.id} />}
        </Tabs.Panel>
        <Tabs.Panel value="logging" pt="md">
          {tab === 'logging' && <LoggingTab item={data} marks={marks} onSeek={seekToTicks} />}
        </Tabs.Panel>
        <Tabs.Panel value="relations" pt="md">
          {tab === 'relations' && <RelationsTab itemId={data.id} canAdd={can('update')} />}
        </Tabs.Panel>
        <Tabs.Panel value="comments" pt="md">
          {tab === 'comments' && (
            <CommentsTab
              item={data}
              marks={marks}
              highlightId={highlightId}
              onSeek={seekToTicks}
              onSelect={selectComment}
              playhead={playhead}
              draft={draft}
              onDrawStart={pauseForDrawing}
              drawingEdit={drawingEdit}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {tab === 'history' && <HistoryTab itemId={data.id} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
