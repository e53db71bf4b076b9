import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrush, IconClock } from '@tabler/icons-react';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';

const pointer = { cursor: 'pointer', border: 'none' } as const;

/**
 * A comment's heading as the item page and the share page show it: author, outside reviewer, the share visitor's
 * own, when written and edited, its timecode and drawing (which select it when `onSelect` is given), and resolved.
 * `testIdPrefix` keeps each page's test ids (`comment-…`, `share-comment-…`); `actions` sit on the right.
 */
export function CommentHeading({
  author,
  external,
  mine = false,
  createdAt,
  editedAt,
  timecode,
  drawn,
  resolved,
  onSelect,
  actions,
  testIdPrefix,
}: {
  author: string;
  external: boolean;
  mine?: boolean;
  createdAt: string;
  editedAt: string | null;
  timecode: string | null;
  drawn: boolean;
  resolved: boolean;
  onSelect?: () => void;
  actions?: ReactNode;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = (name: string) => `${testIdPrefix}-${name}`;
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {author}
        </Text>
        {external && (
          <Badge size="xs" variant="outline" color="grape" data-testid={id('external')}>
            {t('comments.external')}
          </Badge>
        )}
        {mine && (
          <Badge size="xs" variant="light" color="teal" data-testid={id('mine')}>
            {t('shareReview.yours')}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {format.dateTime(createdAt)}
        </Text>
        {editedAt && (
          <Text size="xs" c="dimmed" data-testid={id('edited')}>
            {t('comments.edited', { time: format.dateTime(editedAt) })}
          </Text>
        )}
        {timecode &&
          (onSelect ? (
            <Tooltip label={t('comments.seek')}>
              <Badge
                component="button"
                type="button"
                variant="light"
                leftSection={<IconClock size={12} />}
                ff="monospace"
                style={pointer}
                onClick={onSelect}
                data-testid={id('timecode')}
              >
                {timecode}
              </Badge>
            </Tooltip>
          ) : (
            <Badge variant="light" leftSection={<IconClock size={12} />} ff="monospace" data-testid={id('timecode')}>
              {timecode}
            </Badge>
          ))}
        {drawn && (
          <Tooltip label={t('annotations.showDrawing')}>
            <Badge
              component="button"
              type="button"
              variant="light"
              color="yellow"
              leftSection={<IconBrush size={12} />}
              style={onSelect ? pointer : { border: 'none' }}
              onClick={onSelect}
              data-testid={id('drawing')}
            >
              {t('annotations.drawing')}
            </Badge>
          </Tooltip>
        )}
        {resolved && (
          <Badge color="teal" variant="light">
            {t('comments.resolved')}
          </Badge>
        )}
      </Group>
      {actions}
    </Group>
  );
}

/** A thread's frame: the top-level comment, its replies indented under it, outlined while it is the one selected. */
export const CommentThreadFrame = forwardRef<
  HTMLDivElement,
  { highlighted: boolean; testId: string; commentId: string; comment: ReactNode; replies: ReactNode | null }
>(function CommentThreadFrame({ highlighted, testId, commentId, comment, replies }, ref) {
  return (
    <Paper
      ref={ref}
      withBorder
      p="sm"
      data-testid={testId}
      data-comment-id={commentId}
      data-highlighted={highlighted ? 'true' : undefined}
      style={highlighted ? { outline: '2px solid var(--mantine-color-blue-5)', outlineOffset: 1 } : undefined}
    >
      {comment}
      {replies && (
        <Stack gap="sm" mt="sm" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          {replies}
        </Stack>
      )}
    </Paper>
  );
});
