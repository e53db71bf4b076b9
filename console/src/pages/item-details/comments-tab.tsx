import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { MentionTargetsProvider } from '../../features/notifications';
import type { TAnnotationDraft, TDrawingEdit } from '../../features/annotations';
import { frameClock } from '../../features/player/frame-math';
import type { TMarks } from '../../features/player/marks';
import { errorMessage, hasErrorCode } from '../../lib/app-error';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { CommentForm, type TCommentDraft } from './comment-form';
import { CommentThreadCard, type TCommentActions } from './comment-thread';
import type { TItem } from './item-types';

/**
 * The item's comments: threads with replies, timecodes as SMPTE at the media's rate and start timecode, resolve,
 * assign and delete as the server allows. A new comment can take the player's in and out marks as its timecode;
 * a comment's timecode moves the player there.
 */
export function CommentsTab({
  item,
  marks,
  highlightId = null,
  onSeek,
  onSelect,
  playhead,
  draft,
  onDrawStart,
  drawingEdit,
}: {
  item: TItem;
  marks: TMarks;
  /** The comment a player marker or a link opened. */
  highlightId?: string | null;
  /** Clicking a comment's timecode moves the player there (ticks). */
  onSeek?: (ticks: number) => void;
  /** Picking a comment (its timecode or drawing): the page selects it and shows its frame with the drawing. */
  onSelect?: (comment: { id: string; tcIn: number | null }) => void;
  /** Media seconds of the frame showing: a new comment's default in point. */
  playhead?: number;
  draft?: TAnnotationDraft;
  /** Pauses the player for drawing on the frame. */
  onDrawStart?: () => void;
  /** Editing the drawing of a posted comment on the frame (video). */
  drawingEdit?: TDrawingEdit;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const utils = trpc.useUtils();
  const [confirmation, confirm] = useConfirm();
  const comments = trpc.comments.list.useQuery({ itemId: item.id });
  const assignees = trpc.comments.assignees.useQuery({ itemId: item.id }, { enabled: can('commentAssign') });
  const timed = (item.itemType === 'video' || item.itemType === 'audio') && !!item.media;
  const clock = timed ? frameClock(item.media?.frameRate ?? '50/1', item.media?.timecodeStart) : null;

  const refresh = () => utils.comments.list.invalidate({ itemId: item.id });
  const onError = (error: unknown) => notifyError(t, error);
  const create = trpc.comments.create.useMutation({ onSuccess: refresh, onError });
  const reply = trpc.comments.reply.useMutation({ onSuccess: refresh, onError });
  const edit = trpc.comments.edit.useMutation({ onSuccess: refresh, onError });
  const setResolved = trpc.comments.setResolved.useMutation({ onSuccess: refresh, onError });
  const assign = trpc.comments.assign.useMutation({ onSuccess: refresh, onError });
  const remove = trpc.comments.delete.useMutation({ onSuccess: refresh, onError });

  const actions: TCommentActions = {
    edit: (id, draft, timecoded) => edit.mutateAsync(timecoded ? { id, ...draft } : { id, text: draft.text }),
    reply: (commentId, text) => reply.mutateAsync({ commentId, text }),
    setResolved: (id, resolved) => setResolved.mutate({ id, resolved }),
    assign: (id, assigneeId) => assign.mutate({ id, assigneeId }),
    remove: (id) =>
      confirm({
        title: t('comments.deleteTitle'),
        message: t('comments.deleteMessage'),
        confirmLabel: t('common.delete'),
        onConfirm: () => remove.mutateAsync({ id }).catch(() => undefined),
      }),
  };

  if (comments.error) {
    const denied = hasErrorCode(comments.error, 'COMMENT_FORBIDDEN');
    return <Alert color={denied ? 'gray' : 'red'}>{errorMessage(t, comments.error)}</Alert>;
  }
  if (comments.isLoading) return <Loader size="sm" />;
  const threads = comments.data ?? [];

  return (
    <MentionTargetsProvider itemId={item.id} enabled={can('commentWrite') && !item.deletedAt}>
      <Stack gap="md" maw={960}>
        {confirmation}
        {can('commentWrite') && !item.deletedAt && (
          <CommentForm
            clock={clock}
            marks={clock ? marks : undefined}
            playhead={clock ? playhead : undefined}
            // While a posted drawing is open on the frame, the frame is not free for a new one.
            draft={clock && item.itemType === 'video' && !drawingEdit?.commentId ? draft : undefined}
            onDrawStart={onDrawStart}
            submitLabel={t('comments.add')}
            placeholder={t('comments.placeholder')}
            onSubmit={(draft: TCommentDraft) => create.mutateAsync({ itemId: item.id, ...draft })}
            testId="comment-new"
          />
        )}
        {threads.length === 0 ? (
          <Text c="dimmed" data-testid="comments-none">
            {t('comments.none')}
          </Text>
        ) : (
          threads.map((thread) => (
            <CommentThreadCard
              key={thread.id}
              thread={thread}
              clock={clock}
              actions={actions}
              assignees={assignees.data}
              canReply={can('commentWrite') && !item.deletedAt}
              highlighted={thread.id === highlightId}
              onSeek={clock ? onSeek : undefined}
              onSelect={clock ? onSelect : undefined}
              drawingEdit={clock && item.itemType === 'video' && onSelect ? drawingEdit : undefined}
            />
          ))
        )}
      </Stack>
    </MentionTargetsProvider>
  );
}
