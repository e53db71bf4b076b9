import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBuilding, IconKey, IconMail } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicCard } from '../../layout/public-card';
import { appErrorOf, errorCodeMessage, errorMessage } from '../../lib/app-error';
import { useReloadSession, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

type Step = 'organisation' | 'mailed' | 'password' | 'mfa';

/** Spec section 8: a deactivated account is told to contact an administrator. */
function withAdvice(t: TFunction, code: string | undefined, message: string) {
  return code === 'ACCOUNT_DEACTIVATED' ? `${message}. ${t('login.contactAdministrator')}` : message;
}

/** Why the user landed here: a failed single sign-on (?ssoError=CODE) or a session the server refused (?error=CODE). */
function initialError(t: TFunction, params: URLSearchParams): string | null {
  const code = params.get('ssoError') ?? params.get('error');
  return code ? withAdvice(t, code, errorCodeMessage(t, code)) : null;
}

/** Only paths inside the console are followed after sign-in, never another site. */
function safeNext(next: string | null) {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/';
}

/**
 * Login with organisation lookup: by short name, or by e-mail address, which mails the address its organisations
 * (so nobody learns another's), each with a link back here: /login?organisation=…&email=… opens its password step.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const utils = trpc.useUtils();
  const reloadSession = useReloadSession();
  const [step, setStep] = useState<Step>('organisation');
  const [identifier, setIdentifier] = useState('');
  const [organisation, setOrganisation] = useState<{ slug: string; name: string; ssoEnabled: boolean } | null>(null);
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const [error, setError] = useState<string | null>(() => initialError(t, params));
  const session = useSession();
  const lookup = trpc.auth.lookupOrganisations.useMutation();
  const login = trpc.auth.login.useMutation();

  async function chooseOrganisation(slug: string) {
    const found = await utils.auth.findOrganisation.fetch({ slug });
    setOrganisation(found);
    setStep('password');
  }

  // A sign-in link from the organisations e-mail names the organisation: straight to its password step, once.
  const linked = useRef(false);
  useEffect(() => {
    const slug = params.get('organisation');
    if (linked.current || !slug) return;
    linked.current = true;
    chooseOrganisation(slug.toLowerCase()).catch((e: unknown) => setError(errorMessage(t, e)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the link the page was opened with
  }, []);

  async function submitOrganisation(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = identifier.trim();
    try {
      if (value.includes('@')) {
        setEmail(value);
        await lookup.mutateAsync({ email: value });
        setStep('mailed');
      } else {
        await chooseOrganisation(value.toLowerCase());
      }
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const result = await login.mutateAsync({
        organisation: organisation!.slug,
        email,
        password,
        mfaCode: step === 'mfa' ? mfaCode : undefined,
      });
      if (result.status === 'mfaRequired') {
        setStep('mfa');
        return;
      }
      await reloadSession();
      void navigate(safeNext(params.get('next')), { replace: true });
    } catch (e) {
      setError(withAdvice(t, appErrorOf(e)?.code, errorMessage(t, e)));
    }
  }

  if (session.data && step === 'organisation') return <Navigate to={safeNext(params.get('next'))} replace />;

  return (
    <PublicCard title={t('login.title')} subtitle={organisation ? organisation.name : t('login.prompt')}>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="login-error">
          {error}
        </Alert>
      )}
      {step === 'organisation' && (
        <form onSubmit={(e) => void submitOrganisation(e)}>
          <Stack>
            <TextInput
              label={t('login.organisationOrEmail')}
              description={t('login.organisationHint')}
              value={identifier}
              onChange={(e) => setIdentifier(e.currentTarget.value)}
              leftSection={<IconBuilding size={16} />}
              autoFocus
              required
              name="organisation"
            />
            <Button type="submit" loading={lookup.isPending}>
              {t('common.continue')}
            </Button>
          </Stack>
        </form>
      )}
      {step === 'mailed' && (
        <Stack>
          <Alert color="blue" icon={<IconMail size={18} />} data-testid="login-mailed">
            {t('login.checkEmail', { email })}
          </Alert>
          <Anchor size="sm" component="button" type="button" onClick={() => setStep('organisation')}>
            {t('login.otherOrganisation')}
          </Anchor>
        </Stack>
      )}
      {(step === 'password' || step === 'mfa') && organisation && (
        <form onSubmit={(e) => void submitPassword(e)}>
          <Stack>
            {step === 'password' ? (
              <>
                <TextInput
                  label={t('common.email')}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  required
                  autoFocus={!email}
                  name="email"
                />
                <PasswordInput
                  label={t('common.password')}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  required
                  autoFocus={!!email}
                  name="password"
                />
              </>
            ) : (
              <TextInput
                label={t('login.mfaCode')}
                description={t('login.mfaHint')}
                value={mfaCode}
                onChange={(e) => setMfaCode(e.currentTarget.value)}
                leftSection={<IconKey size={16} />}
                autoComplete="one-time-code"
                autoFocus
                required
                name="mfaCode"
              />
            )}
            <Button type="submit" loading={login.isPending}>
              {t('login.signIn')}
            </Button>
            <Group justify="space-between">
              <Anchor size="sm" component="button" type="button" onClick={() => setStep('organisation')}>
                {t('login.otherOrganisation')}
              </Anchor>
              <Anchor size="sm" component={Link} to={`/public/forgot-password?organisation=${organisation.slug}`}>
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
            {organisation.ssoEnabled && (
              <>
                <Divider label={t('common.or')} />
                <Button variant="default" component="a" href={`/api/auth/sso/${organisation.slug}/start`}>
                  {t('login.sso')}
                </Button>
              </>
            )}
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
