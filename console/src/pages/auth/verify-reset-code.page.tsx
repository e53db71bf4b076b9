import { Alert, Button, PinInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PublicCard } from '../../layout/public-card';
import { errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';

export default function VerifyResetCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const organisation = params.get('organisation') ?? '';
  const email = params.get('email') ?? '';
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = trpc.auth.verifyResetCode.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const { resetToken } = await verify.mutateAsync({ organisation, email, code });
      // The token travels in the page state, not the URL, so it does not land in history or logs.
      void navigate('/public/forgot-password/reset', { state: { resetToken } });
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <PublicCard title={t('reset.verifyTitle')} subtitle={t('reset.codeSent', { email })}>
      {error && <Alert color="red">{error}</Alert>}
      <form onSubmit={(e) => void submit(e)}>
        <Stack align="stretch">
          <Text size="sm">{t('reset.enterCode')}</Text>
          <PinInput length={6} type="number" value={code} onChange={setCode} oneTimeCode autoFocus />
          <Button type="submit" loading={verify.isPending} disabled={code.length !== 6}>
            {t('common.continue')}
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
