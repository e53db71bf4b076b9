import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicCard } from '../../layout/public-card';
import { errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [organisation, setOrganisation] = useState(params.get('organisation') ?? '');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = trpc.auth.requestPasswordReset.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await request.mutateAsync({ organisation: organisation.trim(), email: email.trim() });
      void navigate(
        `/public/forgot-password/verify?organisation=${encodeURIComponent(organisation.trim())}&email=${encodeURIComponent(email.trim())}`,
      );
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <PublicCard title={t('reset.title')} subtitle={t('reset.requestHint')}>
      {error && <Alert color="red">{error}</Alert>}
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <TextInput
            label={t('login.organisation')}
            value={organisation}
            onChange={(e) => setOrganisation(e.currentTarget.value)}
            required
            data-testid="forgot-organisation"
          />
          <TextInput
            label={t('common.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
            autoFocus={!!organisation}
            data-testid="forgot-email"
          />
          <Button type="submit" loading={request.isPending} data-testid="forgot-submit">
            {t('reset.sendCode')}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t('reset.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </PublicCard>
  );
}
