import { Anchor, Box, Center, Table, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MentionText } from '../../features/notifications';
import { frameClock } from '../../features/player/frame-math';
import { TaskDueControl, TaskPriorityControl, TaskStatusControl } from '../../features/tasks/task-fields';
import { isOverdue } from '../../features/tasks/task-rules';
import { useFormat } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { commentLink } from '../item-details/comment-link';
import { timecodeLabel } from '../item-details/comment-timecode';

export type TTask = RouterOutputs['comments']['myTasks'][number];

const THUMB_WIDTH = 72;

/**
 * One task: the item (thumbnail and title), the comment and its timecode, who wrote it and, in everyone's tasks,
 * who has it; its due date (overdue in red), priority and status, changeable where the server allows. The task carries only the item's id and title; the thumbnail and the frame rate for the SMPTE
 * timecode come from the item itself, cached per item across rows.
 */
export function TaskRow({ task, showAssignee }: { task: TTask; showAssignee: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { comment, item } = task;
  const details = trpc.items.get.useQuery({ itemId: item.id }, { staleTime: 60_000 });
  const [thumbFailed, setThumbFailed] = useState(false);
  const media = details.data?.media;
  const timed = (details.data?.itemType === 'video' || details.data?.itemType === 'audio') && !!media;
  const tc =
    timed && comment.tcIn !== null
      ? timecodeLabel(comment.tcIn, comment.tcOut, frameClock(media?.frameRate ?? '50/1', media?.timecodeStart))
      : null;
  const thumbnail = details.data?.urls.thumbnail;
  const link = commentLink(item.id, comment);
  const overdue = isOverdue(comment, new Date());

  return (
    <Table.Tr
      data-testid="task-row"
      data-comment-id={comment.id}
      data-resolved={comment.resolved}
      data-status={comment.status}
      data-overdue={overdue ? 'true' : undefined}
      bg={overdue ? 'var(--mantine-color-red-light)' : undefined}
    >
      <Table.Td w={THUMB_WIDTH + 16}>
        <Anchor component={Link} to={link} aria-label={item.title} display="block">
          <Box w={THUMB_WIDTH} h={(THUMB_WIDTH * 9) / 16} style={{ borderRadius: 4, overflow: 'hidden' }}>
            {thumbnail && !thumbFailed ? (
              <img
                src={thumbnail}
                alt=""
                loading="lazy"
                onError={() => setThumbFailed(true)}
                style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                data-testid="task-thumbnail"
              />
            ) : (
              <Center h="100%" bg="var(--mantine-color-default-hover)" c="dimmed">
                <IconPhoto size={20} />
              </Center>
            )}
          </Box>
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={link} fw={600} size="sm" data-testid="task-link">
          {item.title}
        </Anchor>
        <MentionText text={comment.text ?? ''} lineClamp={3} testId="task-text" />
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="task-timecode">
          {tc ?? '–'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{comment.author?.name || comment.author?.email || t('comments.unknownAuthor')}</Text>
        <Text size="xs" c="dimmed">
          {format.dateTime(comment.createdAt)}
        </Text>
      </Table.Td>
      {showAssignee && (
        <Table.Td>
          <Text size="sm">{comment.assignee?.name || comment.assignee?.email || ''}</Text>
        </Table.Td>
      )}
      <Table.Td>
        <TaskDueControl task={comment} />
      </Table.Td>
      <Table.Td>
        <TaskPriorityControl task={comment} />
      </Table.Td>
      <Table.Td>
        <TaskStatusControl task={comment} />
      </Table.Td>
    </Table.Tr>
  );
}
