import { Alert, Anchor, Button, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicCard } from '../../layout/public-card';
import { errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';

/**
 * Second step of the password reset: the e-mailed code. Reached from the first step (organisation and e-mail in the
 * query) or from the link in the e-mail, which carries neither: then the user types them here.
 */
export default function VerifyResetCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const known = Boolean(params.get('organisation') && params.get('email'));
  const [organisation, setOrganisation] = useState(params.get('organisation') ?? '');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = trpc.auth.verifyResetCode.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { resetToken } = await verify.mutateAsync({ organisation: organisation.trim(), email: email.trim(), code });
      // The token travels in the page state, not the URL, so it does not land in history or logs.
      void navigate('/public/forgot-password/reset', { state: { resetToken } });
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <PublicCard title={t('reset.verifyTitle')} subtitle={known ? t('reset.codeSent', { email }) : undefined}>
      {error && (
        <Alert color="red" data-testid="reset-error">
          {error}
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <Stack align="stretch">
          {!known && (
            <>
              <TextInput
                label={t('login.organisation')}
                value={organisation}
                onChange={(e) => setOrganisation(e.currentTarget.value)}
                required
                data-testid="reset-organisation"
              />
              <TextInput
                label={t('common.email')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                required
                data-testid="reset-email"
              />
            </>
          )}
          <Text size="sm">{t('reset.enterCode')}</Text>
          <Group justify="center">
            <PinInput
              length={6}
              type="number"
              value={code}
              onChange={setCode}
              oneTimeCode
              autoFocus={known}
              aria-label={t('reset.verifyTitle')}
              data-testid="reset-code"
            />
          </Group>
          <Button type="submit" loading={verify.isPending} disabled={code.length !== 6} data-testid="reset-verify">
            {t('common.continue')}
          </Button>
          <Anchor component={Link} to="/public/forgot-password" size="sm">
            {t('reset.startAgain')}
          </Anchor>
        </Stack>
      </form>
    </PublicCard>
  );
}
