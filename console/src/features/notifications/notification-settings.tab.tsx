import { Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TKind = RouterOutputs['notifications']['settings']['kinds'][number];

/** User settings → Notifications: which kinds also come by e-mail (all of them ring the bell). */
export function NotificationSettingsTab() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const settings = trpc.notifications.settings.useQuery();
  const [chosen, setChosen] = useState<TKind[] | null>(null);
  useEffect(() => {
    if (settings.data) setChosen(settings.data.emailKinds);
  }, [settings.data]);
  const save = trpc.notifications.updateSettings.useMutation({
    onSuccess: (data) => {
      utils.notifications.settings.setData(undefined, data);
      notifySuccess(t('notifications.saved'));
    },
    onError: (error) => notifyError(t, error),
  });
  if (!settings.data || !chosen) return <Loader size="sm" />;
  const dirty = [...chosen].sort().join() !== [...settings.data.emailKinds].sort().join();

  return (
    <Stack gap="md" maw={520} data-testid="notification-settings">
      <div>
        <Title order={4}>{t('notifications.emailTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('notifications.emailHint')}
        </Text>
      </div>
      <Checkbox.Group value={chosen} onChange={(value) => setChosen(value as TKind[])}>
        <Stack gap="xs">
          {settings.data.kinds.map((kind) => (
            <Checkbox key={kind} value={kind} label={t(`notifications.kinds.${kind}`)} data-testid={`email-${kind}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button
          onClick={() => save.mutate({ emailKinds: chosen })}
          loading={save.isPending}
          disabled={!dirty}
          data-testid="notification-settings-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
