import { Alert, Anchor, Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
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
          autoComplete="current-password"
          data-testid="current-password"
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.rule')}
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          required
          autoComplete="new-password"
          data-testid="new-password"
        />
        <PasswordInput
          label={t('password.repeat')}
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={repeat && next !== repeat ? t('reset.mismatch') : null}
          required
          autoComplete="new-password"
          data-testid="repeat-password"
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
  const session = useSession().data!;
  return (
    <>
      <PageHeader title={t('password.change')} description={session.user.email} />
      <Paper p="lg" withBorder maw={520}>
        {session.user.external ? (
          <Alert color="gray">{t('errors.EXTERNAL_LOGIN_REQUIRED')}</Alert>
        ) : (
          <ChangePasswordForm />
        )}
        <Anchor component={Link} to="/user-settings?tab=profile" size="sm" mt="md" display="inline-block">
          {t('password.backToProfile')}
        </Anchor>
      </Paper>
    </>
  );
}
