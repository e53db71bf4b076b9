import { ActionIcon, Anchor, Button, Group, Menu } from '@mantine/core';
import { IconArrowsExchange, IconChevronDown, IconPlayerRecordFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../lib/trpc';
import type { TLiveSourceRow } from './live-source-draft.model';

/**
 * Crash recording of one source (spec sections 1 and 4): record into a new live item, stop, or switch the recording
 * to another source, continuing the same item. A refusal says why beside 'Cannot create crash recording now'.
 */
export function CrashRecordingControls({
  source,
  others,
  ready,
}: {
  source: TLiveSourceRow;
  /** The tenant's other sources, to switch to. */
  others: readonly TLiveSourceRow[];
  ready: boolean;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const refresh = () => utils.liveSources.list.invalidate();
  const failed = (error: unknown) => {
    const appError = appErrorOf(error);
    const reason = appError?.code === 'CRASH_RECORDING_UNAVAILABLE' ? appError.params?.reason : undefined;
    notifications.show({
      color: 'red',
      title: errorMessage(t, error),
      message: reason ? t(`liveSources.refusals.${String(reason)}`, { defaultValue: String(reason) }) : undefined,
    });
  };
  const start = trpc.liveSources.startCrashRecording.useMutation({ onSuccess: refresh, onError: failed });
  const stop = trpc.liveSources.stopCrashRecording.useMutation({ onSuccess: refresh, onError: failed });
  const switchTo = trpc.liveSources.switchCrashRecording.useMutation({ onSuccess: refresh, onError: failed });
  const recording = source.recording;
  // More than one upload location: the recording can be rendered to another than the default (its render location).
  const locations = trpc.liveSources.renderLocations.useQuery(undefined, { enabled: !recording, staleTime: 60_000 });
  const choices = locations.data ?? [];

  if (!recording) {
    return (
      <Group gap={2} wrap="nowrap">
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconPlayerRecordFilled size={14} />}
          disabled={!ready}
          loading={start.isPending}
          onClick={() => start.mutate({ sourceId: source.id })}
          data-testid="live-source-record"
        >
          {t('liveSources.record')}
        </Button>
        {choices.length > 1 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                size="md"
                color="red"
                variant="light"
                disabled={!ready || start.isPending}
                aria-label={t('liveSources.recordTo')}
                title={t('liveSources.recordToHint')}
                data-testid="live-source-record-to"
              >
                <IconChevronDown size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('liveSources.recordTo')}</Menu.Label>
              {choices.map((location) => (
                <Menu.Item
                  key={location.id}
                  onClick={() => start.mutate({ sourceId: source.id, renderLocationId: location.id })}
                  data-testid={`live-source-record-to-${location.name}`}
                >
                  {location.isDefault ? t('liveSources.defaultLocation', { name: location.name }) : location.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    );
  }
  const targets = others.filter((other) => other.id !== source.id && !other.recording);
  return (
    <Group gap={4} wrap="wrap" maw={220}>
      <Button
        size="xs"
        color="red"
        leftSection={<IconPlayerStopFilled size={14} />}
        loading={stop.isPending}
        onClick={() => stop.mutate({ sourceId: source.id })}
        data-testid="live-source-stop"
      >
        {t('liveSources.stop')}
      </Button>
      {targets.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowsExchange size={14} />}
              loading={switchTo.isPending}
              data-testid="live-source-switch"
            >
              {t('liveSources.switch')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {targets.map((target) => (
              <Menu.Item
                key={target.id}
                onClick={() => switchTo.mutate({ sourceId: source.id, targetSourceId: target.id })}
                data-testid={`live-source-switch-to-${target.name}`}
              >
                {target.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Anchor component={Link} to={`/item-details/${recording.itemId}`} size="xs" data-testid="live-source-recording">
        {t('liveSources.openRecording')}
      </Anchor>
    </Group>
  );
}
