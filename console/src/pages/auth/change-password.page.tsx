import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = trpc.auth.changePassword.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (next !== repeat) return notifications.show({ color: 'red', message: t('reset.mismatch') });
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      notifySuccess(t('password.changed'));
    } catch (e) {
      notifyError(t, e);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack maw={420}>
        <PasswordInput
          label={t('password.current')}
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          required
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.rule')}
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          required
        />
        <PasswordInput
          label={t('password.repeat')}
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          required
        />
        <Button type="submit" loading={change.isPending} w="fit-content">
          {t('password.change')}
        </Button>
      </Stack>
    </form>
  );
}

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <Paper p="lg" withBorder maw={520}>
      <Title order={3} mb="md">
        {t('password.change')}
      </Title>
      <ChangePasswordForm />
    </Paper>
  );
}
