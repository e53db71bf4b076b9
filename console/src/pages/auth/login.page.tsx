import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconBuilding, IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicCard } from '../../layout/public-card';
import { errorMessage } from '../../lib/app-error';
import { useReloadSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

type Step = 'organisation' | 'pick' | 'password' | 'mfa';

/** Login with organisation lookup: by short name, or by e-mail address and a pick among its organisations. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const utils = trpc.useUtils();
  const reloadSession = useReloadSession();
  const [step, setStep] = useState<Step>('organisation');
  const [identifier, setIdentifier] = useState('');
  const [organisation, setOrganisation] = useState<{ slug: string; name: string; ssoEnabled: boolean } | null>(null);
  const [choices, setChoices] = useState<Array<{ slug: string; name: string }>>([]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const [error, setError] = useState<string | null>(
    params.get('ssoError')
      ? t(`errors.${params.get('ssoError')}`)
      : params.get('deactivated')
        ? `${t('errors.ACCOUNT_DEACTIVATED')}. ${t('login.contactAdministrator')}`
        : null,
  );
  const lookup = trpc.auth.lookupOrganisations.useMutation();
  const login = trpc.auth.login.useMutation();

  async function chooseOrganisation(slug: string) {
    const found = await utils.auth.findOrganisation.fetch({ slug });
    setOrganisation(found);
    setStep('password');
  }

  async function submitOrganisation(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = identifier.trim();
    try {
      if (value.includes('@')) {
        setEmail(value);
        const { organisations } = await lookup.mutateAsync({ email: value });
        if (organisations.length === 0) setError(t('errors.ORGANISATION_NOT_FOUND'));
        else if (organisations.length === 1) await chooseOrganisation(organisations[0]!.slug);
        else {
          setChoices(organisations);
          setStep('pick');
        }
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
      const next = params.get('next');
      void navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
    } catch (e) {
      const message = errorMessage(t, e);
      setError(
        message.startsWith(t('errors.ACCOUNT_DEACTIVATED'))
          ? `${message}. ${t('login.contactAdministrator')}`
          : message,
      );
    }
  }

  return (
    <PublicCard title={t('login.title')} subtitle={organisation ? organisation.name : t('login.subtitle')}>
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
      {step === 'pick' && (
        <Stack gap="xs">
          <Text size="sm">{t('login.pickOrganisation')}</Text>
          {choices.map((c) => (
            <UnstyledButton
              key={c.slug}
              onClick={() => void chooseOrganisation(c.slug).catch((e: unknown) => setError(errorMessage(t, e)))}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
            >
              <Text fw={600}>{c.name}</Text>
              <Text size="xs" c="dimmed">
                {c.slug}
              </Text>
            </UnstyledButton>
          ))}
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
