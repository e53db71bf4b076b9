import { Anchor, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

const RUNNING = ['queued', 'rendering', 'processing'];
const STATE_COLOUR: Record<string, string> = {
  queued: 'gray',
  rendering: 'blue',
  processing: 'cyan',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** A sequence's central renders, newest first: progress while they run, cancel, the placeholder and the file. */
export function SequenceRendersPanel({ sequenceId }: { sequenceId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const utils = trpc.useUtils();
  const renders = trpc.renders.listForSequence.useQuery(
    { sequenceId },
    { refetchInterval: (query) => (query.state.data?.some((r) => RUNNING.includes(r.state)) ? 1000 : false) },
  );
  const cancel = trpc.renders.cancel.useMutation({
    onSettled: () => utils.renders.listForSequence.invalidate({ sequenceId }),
    onError: (error) => notifyError(t, error),
  });
  if (!renders.data?.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="sequence-renders-empty">
        {t('renders.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="sequence-renders">
      {renders.data.map((render) => (
        <Stack key={render.id} gap={4} data-testid="sequence-render-row" data-state={render.state}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {render.presetName}
            </Text>
            <Badge size="sm" color={STATE_COLOUR[render.state] ?? 'gray'} data-testid="render-state">
              {t(`renders.states.${render.state}`)}
            </Badge>
          </Group>
          {RUNNING.includes(render.state) && (
            <Progress value={Math.round(render.progress * 100)} size="sm" animated aria-label={t('renders.progress')} />
          )}
          {render.error && render.state !== 'cancelled' && (
            <Text size="xs" c="red">
              {render.error}
            </Text>
          )}
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {format.dateTime(render.createdAt)}
            </Text>
            <Anchor component={Link} to={`/item-details/${render.placeholderItemId}`} size="xs">
              {t('renders.placeholder')}
            </Anchor>
            {render.state === 'done' && (
              <Anchor href={`/api/v1/renders/${render.id}/download`} download size="xs" data-testid="render-download">
                <Group gap={2} wrap="nowrap">
                  <IconDownload size={12} />
                  {t('renders.download')}
                </Group>
              </Anchor>
            )}
            {RUNNING.includes(render.state) && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={12} />}
                onClick={() => cancel.mutate({ renderId: render.id })}
                loading={cancel.isPending && cancel.variables?.renderId === render.id}
                data-testid="render-cancel"
              >
                {t('renders.cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
