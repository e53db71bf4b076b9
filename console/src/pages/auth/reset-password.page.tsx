import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PublicCard } from '../../layout/public-card';
import { errorMessage } from '../../lib/app-error';
import { useReloadSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const reloadSession = useReloadSession();
  const resetToken = (location.state as { resetToken?: string } | null)?.resetToken;
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = trpc.auth.resetPassword.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== repeat) return setError(t('reset.mismatch'));
    try {
      await reset.mutateAsync({ resetToken: resetToken!, password });
      await reloadSession();
      void navigate('/');
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  if (!resetToken) {
    return (
      <PublicCard title={t('reset.newPasswordTitle')}>
        <Alert color="red">{t('errors.INVALID_CODE')}</Alert>
        <Anchor component={Link} to="/public/forgot-password">
          {t('reset.startAgain')}
        </Anchor>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('reset.newPasswordTitle')}>
      {error && <Alert color="red">{error}</Alert>}
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <PasswordInput
            label={t('password.new')}
            description={t('password.rule')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
            autoFocus
            autoComplete="new-password"
            data-testid="reset-password"
          />
          <PasswordInput
            label={t('password.repeat')}
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={repeat && password !== repeat ? t('reset.mismatch') : null}
            required
            autoComplete="new-password"
            data-testid="reset-repeat"
          />
          <Button type="submit" loading={reset.isPending} data-testid="reset-save">
            {t('reset.save')}
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
