import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../components/icon-action';
import { MentionText } from '../../features/notifications';
import { TaskFields } from '../../features/tasks/task-fields';
import type { TDrawingEdit } from '../../features/annotations';
import type { TFrameClock } from '../../features/player/frame-math';
import type { RouterOutputs } from '../../lib/trpc';
import { CommentHeading, CommentThreadFrame } from './comment-card';
import { CommentForm, type TCommentDraft } from './comment-form';
import { timecodeLabel } from './comment-timecode';

export type TCommentThread = RouterOutputs['comments']['list'][number];
type TComment = Omit<TCommentThread, 'replies'>;
export type TAssignee = RouterOutputs['comments']['assignees'][number];

export interface TCommentActions {
  edit: (id: string, draft: TCommentDraft, timecoded: boolean) => Promise<unknown>;
  reply: (commentId: string, text: string) => Promise<unknown>;
  setResolved: (id: string, resolved: boolean) => void;
  assign: (id: string, assigneeId: string | null) => void;
  remove: (id: string) => void;
}

/** One comment: author, time, timecode, state, text, and the actions the server said this user may take. */
function CommentBody({
  comment,
  clock,
  actions,
  assignees,
  onReply,
  onSeek,
  onSelect,
  drawingEdit,
}: {
  comment: TComment;
  clock: TFrameClock | null;
  actions: TCommentActions;
  assignees: TAssignee[] | undefined;
  onReply?: () => void;
  /** Moves the player to a timecode (ticks); without it the timecode is plain text. */
  onSeek?: (ticks: number) => void;
  /** Selects the comment: the player goes to its frame and shows its drawing. Preferred over onSeek when given. */
  onSelect?: (comment: { id: string; tcIn: number | null }) => void;
  /** Given (top-level comments on video): editing the comment opens its drawing on the frame too. */
  drawingEdit?: TDrawingEdit;
}) {
  const { t } = useTranslation();
  const select = () => (onSelect ? onSelect(comment) : onSeek?.(comment.tcIn!));
  const [editing, setEditing] = useState(false);
  const timecoded = !comment.parentId && !!clock;
  const drawingOpen = drawingEdit?.commentId === comment.id ? drawingEdit : undefined;
  const startEdit = () => {
    setEditing(true);
    // The drawing opens on its frame; a comment without a timecode gets one when drawing starts.
    if (drawingEdit && timecoded) {
      drawingEdit.open(comment);
      if (comment.tcIn !== null) onSelect?.(comment);
    }
  };
  const stopEdit = () => {
    setEditing(false);
    if (drawingOpen) drawingOpen.close();
  };
  const tc = clock ? timecodeLabel(comment.tcIn, comment.tcOut, clock) : null;

  if (comment.deleted) {
    return (
      <Text size="sm" c="dimmed" fs="italic" data-testid="comment-deleted">
        {t('comments.deleted')}
      </Text>
    );
  }
  const options = (assignees ?? []).map((u) => ({ value: u.id, label: u.name || u.email }));
  if (comment.assignee && !options.some((o) => o.value === comment.assignee!.id)) {
    options.push({ value: comment.assignee.id, label: comment.assignee.name || comment.assignee.email });
  }

  return (
    <Stack gap={4} data-testid="comment" data-resolved={comment.resolved}>
      <CommentHeading
        author={comment.externalAuthor || comment.author?.name || comment.author?.email || t('comments.unknownAuthor')}
        external={!!comment.externalAuthor}
        createdAt={comment.createdAt}
        editedAt={comment.editedAt}
        timecode={tc}
        drawn={!!comment.annotation}
        resolved={!comment.parentId && comment.resolved}
        onSelect={(onSeek || onSelect) && comment.tcIn !== null ? select : undefined}
        testIdPrefix="comment"
        actions={
          <Group gap={2} wrap="nowrap">
            {onReply && (
              <IconAction label={t('comments.reply')} onClick={onReply} data-testid="comment-reply">
                <IconArrowBackUp size={16} />
              </IconAction>
            )}
            {comment.canEdit && (
              <IconAction label={t('common.edit')} onClick={startEdit} data-testid="comment-edit">
                <IconPencil size={16} />
              </IconAction>
            )}
            {comment.canDelete && (
              <IconAction
                label={t('common.delete')}
                color="red"
                onClick={() => actions.remove(comment.id)}
                data-testid="comment-delete"
              >
                <IconTrash size={16} />
              </IconAction>
            )}
          </Group>
        }
      />
      {editing ? (
        <CommentForm
          clock={timecoded ? clock : null}
          initial={{ text: comment.text ?? '', tcIn: comment.tcIn, tcOut: comment.tcOut }}
          submitLabel={t('common.save')}
          placeholder={t('comments.placeholder')}
          draft={drawingOpen?.draft}
          onDrawStart={drawingOpen && onSelect ? () => onSelect(comment) : undefined}
          onSubmit={(draft) => actions.edit(comment.id, draft, timecoded).then(stopEdit)}
          onCancel={stopEdit}
          testId="comment-edit-form"
        />
      ) : (
        <MentionText text={comment.text ?? ''} testId="comment-text" />
      )}
      {!comment.parentId && (comment.canResolve || comment.canAssign || comment.assignee) && (
        <Group gap="xs">
          {comment.canAssign ? (
            <Select
              size="xs"
              w={220}
              placeholder={t('comments.unassigned')}
              aria-label={t('comments.assignee')}
              data={options}
              value={comment.assignee?.id ?? null}
              onChange={(value) => actions.assign(comment.id, value)}
              clearable
              searchable
              data-testid="comment-assignee"
            />
          ) : (
            comment.assignee && (
              <Text size="xs" c="dimmed">
                {t('comments.assignedTo', { name: comment.assignee.name || comment.assignee.email })}
              </Text>
            )
          )}
          {comment.assignee && <TaskFields task={comment} />}
          {comment.canResolve && (
            <Button
              size="xs"
              variant={comment.resolved ? 'default' : 'light'}
              leftSection={comment.resolved ? <IconArrowBackUp size={14} /> : <IconCheck size={14} />}
              onClick={() => actions.setResolved(comment.id, !comment.resolved)}
              data-testid="comment-resolve"
            >
              {comment.resolved ? t('comments.reopen') : t('comments.resolve')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** A top-level comment with its replies and, on demand, a reply form. */
export function CommentThreadCard({
  thread,
  clock,
  actions,
  assignees,
  canReply,
  highlighted = false,
  onSeek,
  onSelect,
  drawingEdit,
}: {
  thread: TCommentThread;
  clock: TFrameClock | null;
  actions: TCommentActions;
  assignees: TAssignee[] | undefined;
  canReply: boolean;
  /** The thread a marker or a link pointed at: outlined and scrolled into view. */
  highlighted?: boolean;
  onSeek?: (ticks: number) => void;
  onSelect?: (comment: { id: string; tcIn: number | null }) => void;
  drawingEdit?: TDrawingEdit;
}) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) card.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  // The server takes replies under live comments only.
  const openReply = canReply && !thread.deleted ? () => setReplying(true) : undefined;
  return (
    <CommentThreadFrame
      ref={card}
      highlighted={highlighted}
      testId="comment-thread"
      commentId={thread.id}
      comment={
        <CommentBody
          comment={thread}
          clock={clock}
          actions={actions}
          assignees={assignees}
          onReply={openReply}
          onSeek={onSeek}
          onSelect={onSelect}
          drawingEdit={drawingEdit}
        />
      }
      replies={
        thread.replies.length > 0 || replying ? (
          <>
            {thread.replies.map((reply) => (
              <CommentBody
                key={reply.id}
                comment={reply}
                clock={clock}
                actions={actions}
                assignees={assignees}
                onReply={openReply}
              />
            ))}
            {replying && (
              <CommentForm
                clock={null}
                submitLabel={t('comments.reply')}
                placeholder={t('comments.replyPlaceholder')}
                onSubmit={(draft) => actions.reply(thread.id, draft.text).then(() => setReplying(false))}
                onCancel={() => setReplying(false)}
                testId="comment-reply-form"
              />
            )}
          </>
        ) : null
      }
    />
  );
}
