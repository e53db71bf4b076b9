import { Alert, Anchor, Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicCard } from '../../layout/public-card';
import { errorMessage } from '../../lib/app-error';
import { useReloadSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export default function SignInCodePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reloadSession = useReloadSession();
  const signIn = trpc.auth.signInWithCode.useMutation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const code = params.get('code');

  useEffect(() => {
    // Codes are single-use: StrictMode's second effect run must not spend it twice.
    if (started.current || !code) return;
    started.current = true;
    signIn
      .mutateAsync({ code })
      .then(async () => {
        await reloadSession();
        void navigate('/');
      })
      .catch((e: unknown) => setError(errorMessage(t, e)));
  }, [code, signIn, reloadSession, navigate, t]);

  return (
    <PublicCard title={t('signInCode.title')}>
      {error || !code ? (
        <>
          <Alert color="red">{error ?? t('errors.INVALID_CODE')}</Alert>
          <Anchor component={Link} to="/login">
            {t('reset.backToLogin')}
          </Anchor>
        </>
      ) : (
        <Center>
          <Loader />
        </Center>
      )}
    </PublicCard>
  );
}
