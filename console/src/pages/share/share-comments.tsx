import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnotationToolbar, type TDrawingEdit } from '../../features/annotations';
import type { TFrameClock } from '../../features/player/frame-math';
import {
  editPublicShareComment,
  PublicShareError,
  type TPublicShareComment,
  type TPublicShareThread,
} from '../../features/shares/public-share.api';
import { errorCodeMessage } from '../../lib/app-error';
import { CommentHeading, CommentThreadFrame } from '../item-details/comment-card';
import { timecodeLabel } from '../item-details/comment-timecode';

interface TShareCommentsProps {
  token: string;
  itemId: string;
  threads: TPublicShareThread[];
  clock: TFrameClock;
  selectedId: string | null;
  /** Picks a comment: the player goes to its frame, where its drawing shows. */
  onSelect: (comment: TPublicShareComment) => void;
  /** The reviewer's own comment whose drawing is open on the frame (video only). */
  drawingEdit: TDrawingEdit | null;
  /** Pauses the player at the comment's frame for drawing. */
  onDrawStart: (comment: TPublicShareComment) => void;
  onSaved: () => void;
}

/** The reviewer's edit of their own comment: the text, and on video its drawing on the frame. */
function EditForm({
  comment,
  props,
  onDone,
}: {
  comment: TPublicShareComment;
  props: TShareCommentsProps;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(comment.text);
  const edit = props.drawingEdit?.commentId === comment.id ? props.drawingEdit : null;
  const save = useMutation({
    mutationFn: () =>
      editPublicShareComment(props.token, comment.id, {
        itemId: props.itemId,
        text,
        ...(edit ? { annotation: edit.draft.annotation } : {}),
      }),
    onSuccess: () => {
      props.onSaved();
      onDone();
    },
  });
  const error = save.error instanceof PublicShareError ? save.error : null;
  return (
    <Stack gap="xs" data-testid="share-comment-edit-form">
      <Textarea
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={10_000}
        aria-label={t('shareReview.editText')}
        data-testid="share-comment-edit-text"
      />
      {edit && <AnnotationToolbar draft={edit.draft} onStart={() => props.onDrawStart(comment)} />}
      {save.error && <Alert color="red">{errorCodeMessage(t, error?.code, error?.params)}</Alert>}
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onDone} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          size="xs"
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={!text.trim()}
          data-testid="share-comment-edit-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function CommentCard({ comment, props }: { comment: TPublicShareComment; props: TShareCommentsProps }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const tc = timecodeLabel(comment.tcIn, comment.tcOut, props.clock);
  const select = comment.tcIn !== null ? () => props.onSelect(comment) : undefined;
  const startEdit = () => {
    setEditing(true);
    if (props.drawingEdit && comment.tcIn !== null) {
      props.drawingEdit.open(comment);
      props.onSelect(comment);
    }
  };
  const stopEdit = () => {
    setEditing(false);
    if (props.drawingEdit?.commentId === comment.id) props.drawingEdit.close();
  };
  return (
    <Stack gap={4} data-testid="share-comment" data-comment-id={comment.id} data-mine={comment.mine}>
      <CommentHeading
        author={comment.author ?? t('shareReview.teamMember')}
        external={comment.external}
        mine={comment.mine}
        createdAt={comment.createdAt}
        editedAt={comment.editedAt}
        timecode={tc}
        drawn={!!comment.annotation}
        resolved={comment.resolved}
        onSelect={select}
        testIdPrefix="share-comment"
        actions={
          comment.mine &&
          !editing && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPencil size={14} />}
              onClick={startEdit}
              data-testid="share-comment-edit"
            >
              {t('common.edit')}
            </Button>
          )
        }
      />
      {editing ? (
        <EditForm comment={comment} props={props} onDone={stopEdit} />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="share-comment-text">
          {comment.text}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The item's comments on the share page: the team's and other reviewers' as the share shows them, the reviewer's
 * own editable. A comment's timecode or drawing moves the player to its frame, where the drawing shows.
 */
export function ShareComments(props: TShareCommentsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="share-comments">
      <Text fw={600}>{t('shareReview.title')}</Text>
      {props.threads.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="share-comments-none">
          {t('shareReview.none')}
        </Text>
      )}
      {props.threads.map((thread) => (
        <CommentThreadFrame
          key={thread.id}
          highlighted={thread.id === props.selectedId}
          testId="share-comment-thread"
          commentId={thread.id}
          comment={<CommentCard comment={thread} props={props} />}
          replies={
            thread.replies.length > 0
              ? thread.replies.map((reply) => <CommentCard key={reply.id} comment={reply} props={props} />)
              : null
          }
        />
      ))}
    </Stack>
  );
}
