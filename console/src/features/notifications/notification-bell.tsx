import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlarm,
  IconAlertTriangle,
  IconArrowBackUp,
  IconAt,
  IconBell,
  IconBroadcast,
  IconChecks,
  IconCircleCheck,
  IconRosetteDiscountCheck,
  IconShare,
  IconSettings,
  IconUpload,
  IconUserCheck,
} from '@tabler/icons-react';
import { mentionsToPlainText } from '@mam/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseOnEscape } from '../../lib/use-close-on-escape';
import { Link, useNavigate } from 'react-router-dom';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { notificationMessage, type TNotification } from './notification-message';
import { relativeTime } from './relative-time';
import { useNotificationStream } from './use-notification-stream';

const kindIcon: Record<TNotification['kind'], ReactNode> = {
  assigned: <IconUserCheck size={12} />,
  task_due: <IconAlarm size={12} />,
  mentioned: <IconAt size={12} />,
  reply: <IconArrowBackUp size={12} />,
  approval_changed: <IconRosetteDiscountCheck size={12} />,
  share_activity: <IconShare size={12} />,
  upload_received: <IconUpload size={12} />,
  operation_finished: <IconCircleCheck size={12} />,
  operation_failed: <IconAlertTriangle size={12} />,
  live_recording: <IconBroadcast size={12} />,
};

function NotificationRow({ notification, onOpen }: { notification: TNotification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const failed = notification.kind === 'operation_failed';
  return (
    <UnstyledButton
      onClick={onOpen}
      p="xs"
      data-testid="notification-row"
      data-kind={notification.kind}
      data-read={notification.read}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: notification.read ? undefined : 'var(--mantine-color-blue-light)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Indicator
          inline
          size={16}
          offset={4}
          position="bottom-end"
          color={failed ? 'red' : 'gray'}
          label={kindIcon[notification.kind]}
        >
          <Avatar size={32} radius="xl" name={notification.actor.name ?? undefined} color="initials" />
        </Indicator>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={notification.read ? 400 : 600} lineClamp={2} data-testid="notification-message">
            {notificationMessage(t, notification, format.dateTime)}
          </Text>
          {typeof notification.params.text === 'string' && notification.params.text && (
            <Text size="xs" c="dimmed" lineClamp={1} data-testid="notification-excerpt">
              {mentionsToPlainText(notification.params.text)}
            </Text>
          )}
          <Text size="xs" c="dimmed" title={format.dateTime(notification.createdAt)}>
            {relativeTime(notification.createdAt, i18n.resolvedLanguage ?? 'en')}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** The bell in the header: the unread count, and a popover listing unread and read notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  useCloseOnEscape(opened, () => setOpened(false));
  const [state, setState] = useState<'unread' | 'read'>('unread');
  useNotificationStream(true);
  const count = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: 5 * 60_000 });
  const list = trpc.notifications.list.useQuery({ state, limit: 30 }, { enabled: opened });
  const onError = (error: unknown) => notifyError(t, error);
  const refresh = () => void utils.notifications.invalidate();
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh, onError });
  const markAllRead = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh, onError });
  const unread = count.data?.unread ?? 0;

  function open(notification: TNotification) {
    setOpened(false);
    if (!notification.read) markRead.mutate({ id: notification.id });
    void navigate(notification.route);
  }

  const rows = list.data?.notifications ?? [];
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={400} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={t('notifications.title')} disabled={opened}>
          <Indicator
            label={<span data-testid="notification-count">{unread > 99 ? '99+' : unread}</span>}
            size={16}
            offset={4}
            color="red"
            disabled={unread === 0}
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setOpened((o) => !o)}
              aria-label={t('notifications.bell', { count: unread })}
              data-testid="notification-bell"
              data-unread={unread}
            >
              <IconBell size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="notification-panel">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text fw={600}>{t('notifications.title')}</Text>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconChecks size={14} />}
              disabled={unread === 0}
              loading={markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
              data-testid="notification-mark-all"
            >
              {t('notifications.markAllRead')}
            </Button>
            <Tooltip label={t('notifications.settings')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                component={Link}
                to="/user-settings?tab=notifications"
                onClick={() => setOpened(false)}
                aria-label={t('notifications.settings')}
              >
                <IconSettings size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <SegmentedControl
          fullWidth
          size="xs"
          mb="xs"
          value={state}
          onChange={(value) => setState(value as 'unread' | 'read')}
          data={[
            { value: 'unread', label: `${t('notifications.unread')}${unread ? ` (${unread})` : ''}` },
            { value: 'read', label: t('notifications.read') },
          ]}
          data-testid="notification-state"
        />
        <ScrollArea.Autosize mah={420} type="auto">
          {list.isLoading ? (
            <Loader size="sm" m="md" />
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="notification-empty">
              {state === 'unread' ? t('notifications.noneUnread') : t('notifications.noneRead')}
            </Text>
          ) : (
            <Stack gap={2}>
              {rows.map((n) => (
                <NotificationRow key={n.id} notification={n} onOpen={() => open(n)} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
