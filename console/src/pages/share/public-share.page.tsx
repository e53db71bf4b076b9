import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Image,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { secondsToTicks, ticksToSeconds, type TJsonValue } from '@mam/core';
import { IconDownload, IconLinkOff, IconMessageCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '../../lib/app-error';
import { useParams } from 'react-router-dom';
import { PublicCard } from '../../layout/public-card';
import { PublicPasswordForm } from '../../layout/public-password-form';
import { issueErrors, MetadataFormFields } from '../../features/metadata';
import {
  AnnotationLayer,
  AnnotationToolbar,
  drawingsBesideDraft,
  useAnnotationDraft,
  useDrawingEdit,
  type TAnnotationDraft,
} from '../../features/annotations';
import { MediaPlayer, type TSeekRequest } from '../../features/player/media-player';
import { frameClock, snapToFrame } from '../../features/player/frame-math';
import {
  commentOnPublicShare,
  editPublicShareMetadata,
  fetchPublicShare,
  fetchPublicShareComments,
  PublicShareError,
  unlockPublicShare,
  type TPublicShare,
  type TPublicShareItem,
} from '../../features/shares/public-share.api';
import { ticksToTimecode } from '../item-details/comment-timecode';
import { localForms, useVocabulary } from '../../lib/vocabulary';
import { ShareComments } from './share-comments';
import { useFormat } from '../../lib/format';

type TOpenShare = Extract<TPublicShare, { state: 'ok' }>;

function errorText(t: TFunction, error: unknown): string {
  const known = error instanceof PublicShareError ? error : null;
  return errorCodeMessage(t, known?.code, known?.params);
}

/** Expired, used up, revoked or unknown: a clear page and no media. */
function ClosedPage({ state }: { state: 'expired' | 'exhausted' | 'revoked' | 'not_found' }) {
  const { t } = useTranslation();
  return (
    <PublicCard title={t(`publicShare.closed.${state}.title`)}>
      <Group gap="sm" wrap="nowrap" data-testid="public-share-closed" data-state={state}>
        <IconLinkOff size={28} color="var(--mantine-color-dimmed)" />
        <Text size="sm">{t(`publicShare.closed.${state}.text`)}</Text>
      </Group>
    </PublicCard>
  );
}

function PasswordPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const unlock = useMutation({
    mutationFn: (password: string) => unlockPublicShare(token, password),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['public-share', token] }),
  });
  return (
    <PublicCard title={t('publicShare.passwordTitle')} subtitle={t('publicShare.passwordText')}>
      <PublicPasswordForm
        label={t('publicShare.password')}
        submitLabel={t('publicShare.unlock')}
        error={unlock.error ? errorText(t, unlock.error) : null}
        pending={unlock.isPending}
        onSubmit={(password) => unlock.mutate(password)}
        testIdPrefix="public-share"
      />
    </PublicCard>
  );
}

/** The share view of the item's forms, for a share that lets the visitor edit metadata. */
function MetadataEditor({ token, item }: { token: string; item: TPublicShareItem }) {
  const { t } = useTranslation();
  const words = useVocabulary();
  const editable = { ...item.editable!, forms: localForms(words, item.editable!.forms) };
  const [values, setValues] = useState<Record<string, TJsonValue>>(editable.values);
  const [formId, setFormId] = useState(editable.forms[0]?.id ?? '');
  const current = editable.forms.find((f) => f.id === formId) ?? editable.forms[0];
  const save = useMutation({
    mutationFn: () => editPublicShareMetadata(token, { itemId: item.id, formId: current!.id, values }),
    onSuccess: (saved) => setValues(saved.values),
  });
  if (!current) return null;
  const error = save.error instanceof PublicShareError ? save.error : null;
  return (
    <Paper withBorder p="md" data-testid="public-share-metadata-editor">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{t('publicShare.metadataTitle')}</Text>
            {editable.forms.length > 1 && (
              <SegmentedControl
                size="xs"
                value={current.id}
                onChange={setFormId}
                data={editable.forms.map((f) => ({ value: f.id, label: f.form.label }))}
              />
            )}
          </Group>
          <MetadataFormFields
            form={current.form}
            view="share"
            values={values}
            onChange={(fieldId, value) => setValues((v) => ({ ...v, [fieldId]: value }))}
            access={current.fieldAccess}
            errors={error ? issueErrors(t, error.issues) : {}}
          />
          {error && error.issues.length === 0 && <Alert color="red">{errorText(t, error)}</Alert>}
          <Group justify="flex-end">
            {save.isSuccess && (
              <Text size="sm" c="teal">
                {t('common.saved')}
              </Text>
            )}
            <Button type="submit" loading={save.isPending} data-testid="public-share-metadata-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The reviewer names themselves once (kept for this browser), then comments at the frame the player shows, and on
 * video may draw on that frame (drawing pauses the player and holds the comment's timecode on that frame).
 */
function CommentBox({
  token,
  share,
  item,
  seconds,
  draft,
  onDrawStart,
  onPosted,
}: {
  token: string;
  share: TOpenShare;
  item: TPublicShareItem;
  seconds: number;
  draft: TAnnotationDraft | null;
  onDrawStart: () => void;
  onPosted: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(share.reviewerName ?? '');
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const [heldTicks, setHeldTicks] = useState<number | null>(null);
  const clock = frameClock(item.frameRate ?? '50/1', item.timecodeStart);
  const ticks = heldTicks ?? secondsToTicks(snapToFrame(seconds, clock));
  const annotation = draft?.annotation ?? null;
  const post = useMutation({
    mutationFn: () => commentOnPublicShare(token, { itemId: item.id, name, text, tcIn: ticks, annotation }),
    onSuccess: () => {
      const drawn = annotation ? ` (${t('annotations.drawing')})` : '';
      setSent((list) => [...list, `${ticksToTimecode(ticks, clock)} ${text.trim()}${drawn}`]);
      // No refetch: new signed URLs would restart the player.
      setText('');
      setHeldTicks(null);
      draft?.reset();
      onPosted();
    },
  });
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post.mutate();
        }}
      >
        <Stack gap="xs">
          <Group gap="xs">
            <IconMessageCircle size={18} />
            <Text fw={600}>{t('publicShare.commentTitle')}</Text>
          </Group>
          <TextInput
            label={t('publicShare.yourName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            withAsterisk
            data-testid="public-share-name"
          />
          <Textarea
            label={t('publicShare.commentAt', { timecode: ticksToTimecode(ticks, clock) })}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={2}
            data-testid="public-share-comment"
          />
          {draft && (
            <AnnotationToolbar
              draft={draft}
              onStart={() => {
                setHeldTicks(ticks);
                onDrawStart();
              }}
            />
          )}
          {post.error && <Alert color="red">{errorText(t, post.error)}</Alert>}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('publicShare.commentHint')}
            </Text>
            <Button
              type="submit"
              loading={post.isPending}
              disabled={!name.trim() || !text.trim()}
              data-testid="public-share-comment-send"
            >
              {t('publicShare.send')}
            </Button>
          </Group>
          {sent.map((line, index) => (
            <Text key={index} size="sm" data-testid="public-share-comment-sent">
              {t('publicShare.commentSent')}: {line}
            </Text>
          ))}
        </Stack>
      </form>
    </Paper>
  );
}

function SharedItem({ token, share, item }: { token: string; share: TOpenShare; item: TPublicShareItem }) {
  const { t } = useTranslation();
  const words = useVocabulary();
  const [seconds, setSeconds] = useState(0);
  // The page is not polled (each load counts a view): a growing playlist keeps growing inside hls.js by itself.
  const playback =
    (item.itemType === 'video' || item.itemType === 'audio') && item.durationSeconds ? item.playback : null;
  // A share of one item is usually titled after it: the page heading already says it.
  const repeatsPageTitle = share.items.length === 1 && item.title.trim() === share.pageTitle.trim();
  const draft = useAnnotationDraft();
  const drawingEdit = useDrawingEdit();
  const [seekRequest, setSeekRequest] = useState<TSeekRequest | null>(null);
  const seekTo = (at: number) => setSeekRequest((previous) => ({ seconds: at, nonce: (previous?.nonce ?? 0) + 1 }));
  const drawable = share.allowComments && item.itemType === 'video';
  const clock = frameClock(item.frameRate ?? '50/1', item.timecodeStart);
  // The comments are fetched apart from the page: refreshing them keeps the player's signed URLs and position.
  const comments = useQuery({
    queryKey: ['public-share-comments', token, item.id],
    queryFn: () => fetchPublicShareComments(token, item.id),
    enabled: share.allowComments,
    refetchOnWindowFocus: false,
  });
  const refreshComments = () => void comments.refetch();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const threads = comments.data ?? [];
  const drawn = threads.map((c) => ({ ...c, deleted: false }));
  // Editing a posted drawing takes the layer; otherwise the new comment's draft has it.
  const layerDraft = drawingEdit.commentId ? drawingEdit.draft : draft;
  const selectComment = (comment: { id: string; tcIn: number | null }) => {
    setSelectedId(comment.id);
    if (comment.tcIn !== null) seekTo(ticksToSeconds(comment.tcIn));
  };
  return (
    <Stack gap="sm" data-testid="public-share-item">
      <Group justify={repeatsPageTitle ? 'flex-end' : 'space-between'}>
        {!repeatsPageTitle && (
          <Title order={3} data-testid="public-share-item-title">
            {item.title}
          </Title>
        )}
        <Group gap="xs">
          {item.urls.downloadOriginal && (
            <Button
              component="a"
              href={item.urls.downloadOriginal}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              data-testid="public-share-download"
            >
              {t('publicShare.downloadOriginal')}
            </Button>
          )}
          {item.urls.downloadProxy && (
            <Button
              component="a"
              href={item.urls.downloadProxy}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
            >
              {t('publicShare.downloadProxy')}
            </Button>
          )}
        </Group>
      </Group>
      {playback ? (
        <MediaPlayer
          kind={item.itemType === 'audio' ? 'audio' : 'video'}
          source={playback}
          mp4Url={item.urls.mp4 ?? undefined}
          posterUrl={item.urls.thumbnail ?? undefined}
          frameRate={item.frameRate ?? '50/1'}
          durationSeconds={item.durationSeconds ?? 0}
          timecodeStart={item.timecodeStart}
          filmstrip={
            item.urls.filmstrip
              ? { spriteUrl: item.urls.filmstrip.sprite, manifestUrl: item.urls.filmstrip.manifest }
              : undefined
          }
          waveformUrl={item.urls.waveform ?? undefined}
          onTimeChange={setSeconds}
          seekRequest={seekRequest}
          overlay={
            drawable
              ? ({ video, currentTime, playing }) => (
                  <AnnotationLayer
                    video={video}
                    shown={drawingsBesideDraft(
                      drawn,
                      currentTime,
                      clock.frameSeconds,
                      { id: selectedId, paused: !playing },
                      { drawing: layerDraft.drawing, editingId: drawingEdit.commentId },
                    )}
                    draft={layerDraft}
                  />
                )
              : undefined
          }
        />
      ) : item.urls.thumbnail ? (
        <Center bg="dark.8" style={{ borderRadius: 8 }}>
          <Image src={item.urls.thumbnail} alt={item.title} fit="contain" mah="60vh" />
        </Center>
      ) : null}
      {item.metadata.length > 0 && !item.editable && (
        <Table withTableBorder data-testid="public-share-metadata">
          <Table.Tbody>
            {item.metadata.map((field) => (
              <Table.Tr key={field.fieldId}>
                <Table.Th w="30%">{words.field(field)}</Table.Th>
                <Table.Td>{Array.isArray(field.value) ? field.value.join(', ') : String(field.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {item.editable && <MetadataEditor token={token} item={item} />}
      {share.allowComments && (
        <CommentBox
          token={token}
          share={share}
          item={item}
          seconds={seconds}
          draft={drawable && playback && !drawingEdit.commentId ? draft : null}
          // Landing on the frame showing stops the player there.
          onDrawStart={() => seekTo(seconds)}
          onPosted={refreshComments}
        />
      )}
      {share.allowComments && comments.error && <Alert color="red">{errorText(t, comments.error)}</Alert>}
      {share.allowComments && comments.data && (
        <ShareComments
          token={token}
          itemId={item.id}
          threads={threads}
          clock={clock}
          selectedId={selectedId}
          onSelect={selectComment}
          drawingEdit={drawable && playback ? drawingEdit : null}
          onDrawStart={selectComment}
          onSaved={refreshComments}
        />
      )}
    </Stack>
  );
}

/** The page at /s/:token for people outside the organisation (spec section 2: a shared page with a password prompt). */
export default function PublicSharePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { token = '' } = useParams();
  // Every load asks again: views are counted and media URLs signed by the server on each visit.
  const query = useQuery({
    queryKey: ['public-share', token],
    queryFn: () => fetchPublicShare(token),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const openTitle = query.data?.state === 'ok' ? query.data.pageTitle : null;
  // The browser tab names the share; the page shows the title once, in its heading.
  useEffect(() => {
    if (openTitle) document.title = openTitle;
  }, [openTitle]);
  if (query.isPending) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <PublicCard title={t('publicShare.title')}>
        <Alert color="red">{errorText(t, query.error)}</Alert>
      </PublicCard>
    );
  }
  const share = query.data;
  if (share.state === 'password_required') return <PasswordPage token={token} />;
  if (share.state !== 'ok') return <ClosedPage state={share.state} />;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Group gap={8}>
              <img src="/favicon.svg" alt="" width={22} height={22} />
              <Text c="dimmed" size="sm">
                {t('app.name')}
              </Text>
            </Group>
            <Title order={1} data-testid="public-share-title">
              {share.pageTitle}
            </Title>
          </div>
          {share.expiresAt && (
            <Badge variant="light">{t('publicShare.expires', { date: format.date(share.expiresAt) })}</Badge>
          )}
        </Group>
        {share.message && <Text style={{ whiteSpace: 'pre-wrap' }}>{share.message}</Text>}
        {share.items.length === 0 && <Text c="dimmed">{t('publicShare.empty')}</Text>}
        {share.items.map((item) => (
          <SharedItem key={item.id} token={token} share={share} item={item} />
        ))}
      </Stack>
    </Container>
  );
}
