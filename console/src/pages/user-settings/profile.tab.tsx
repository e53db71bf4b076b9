import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { languages, navigatorLanguages, profileLanguage, type TLanguage } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export function ProfileTab() {
  const session = useSession().data!;
  // While the organisation forces enrolment, nothing else can be saved yet: show only what leads out of it. The
  // panels keep their places so the recovery codes stay on screen when the session stops requiring enrolment.
  const required = session.mfaEnrolmentRequired;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      {!required && <ProfilePanel />}
      {(required || !session.user.external) && <MfaPanel />}
    </SimpleGrid>
  );
}

function ProfilePanel() {
  const { t, i18n } = useTranslation();
  const session = useSession().data!;
  const utils = trpc.useUtils();
  const [name, setName] = useState(session.user.name);
  const [language, setLanguage] = useState<TLanguage | 'browser'>(
    (session.user.language as TLanguage | null) ?? 'browser',
  );
  const update = trpc.profile.update.useMutation();

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const chosen = language === 'browser' ? null : language;
      await update.mutateAsync({ name: name.trim(), language: chosen });
      // 'Browser language' follows the browser from now on, whatever an earlier choice left cached.
      await i18n.changeLanguage(profileLanguage(chosen, navigatorLanguages()));
      await utils.auth.session.invalidate();
      notifySuccess(t('common.saved'));
    } catch (e) {
      notifyError(t, e);
    }
  }

  return (
    <Paper withBorder p="lg">
      <Title order={4} mb="md">
        {t('userSettings.myProfile')}
      </Title>
      <form onSubmit={(e) => void save(e)}>
        <Stack maw={460}>
          <TextInput label={t('common.email')} value={session.user.email} readOnly variant="filled" />
          <TextInput
            label={t('common.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            maxLength={200}
            data-testid="profile-name"
          />
          <Select
            label={t('nav.language')}
            description={t('userSettings.languageHint')}
            value={language}
            onChange={(v) => setLanguage((v ?? 'browser') as TLanguage | 'browser')}
            allowDeselect={false}
            data={[
              { value: 'browser', label: t('userSettings.browserLanguage') },
              ...languages.map((l) => ({ value: l.code, label: l.label })),
            ]}
            data-testid="profile-language"
          />
          <Group justify="space-between">
            {!session.user.external ? (
              <Anchor component={Link} to="/change-password" size="sm" data-testid="change-password-link">
                <Group gap={4}>
                  <IconLock size={14} />
                  {t('password.change')}
                </Group>
              </Anchor>
            ) : (
              <Text size="xs" c="dimmed">
                {t('errors.EXTERNAL_LOGIN_REQUIRED')}
              </Text>
            )}
            <Button type="submit" loading={update.isPending} disabled={!name.trim()} data-testid="profile-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function MfaPanel() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const utils = trpc.useUtils();
  const required = session.mfaEnrolmentRequired;
  const [enrolment, setEnrolment] = useState<{ secret: string; qrCodeDataUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const begin = trpc.mfa.beginEnrolment.useMutation();
  const confirm = trpc.mfa.confirmEnrolment.useMutation();
  const disable = trpc.mfa.disable.useMutation();

  async function run(event: FormEvent | null, action: () => Promise<void>) {
    event?.preventDefault();
    try {
      await action();
    } catch (e) {
      notifyError(t, e);
    }
  }

  const codeInput = (
    <TextInput
      label={t('login.mfaCode')}
      value={code}
      onChange={(e) => setCode(e.currentTarget.value)}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={64}
      required
      data-testid="mfa-code"
    />
  );

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="md">
        <Group gap={8}>
          <IconShieldCheck size={20} />
          <Title order={4}>{t('mfa.title')}</Title>
        </Group>
        <Badge color={session.user.mfaEnabled ? 'teal' : 'gray'} variant="light" data-testid="mfa-status">
          {session.user.mfaEnabled ? t('mfa.on') : t('mfa.off')}
        </Badge>
      </Group>
      {required && !recoveryCodes && (
        <Alert color="orange" mb="md">
          {t('errors.MFA_ENROLMENT_REQUIRED')}
        </Alert>
      )}
      {recoveryCodes ? (
        <Stack>
          <Alert color="orange">{t('mfa.recoveryCodesHint')}</Alert>
          <Code block data-testid="recovery-codes">
            {recoveryCodes.join('\n')}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={recoveryCodes.join('\n')}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('common.copied') : t('common.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setRecoveryCodes(null)}>{t('common.done')}</Button>
          </Group>
        </Stack>
      ) : session.user.mfaEnabled ? (
        <form
          onSubmit={(e) =>
            void run(e, async () => {
              await disable.mutateAsync({ code: code.trim() });
              setCode('');
              await utils.auth.session.invalidate();
              notifySuccess(t('mfa.disabled'));
            })
          }
        >
          <Stack maw={360}>
            <Text size="sm">{t('mfa.disableHint')}</Text>
            {codeInput}
            <Button type="submit" color="red" variant="light" w="fit-content" loading={disable.isPending}>
              {t('mfa.disable')}
            </Button>
          </Stack>
        </form>
      ) : enrolment ? (
        <form
          onSubmit={(e) =>
            void run(e, async () => {
              const result = await confirm.mutateAsync({ code: code.trim() });
              setRecoveryCodes(result.recoveryCodes);
              setEnrolment(null);
              setCode('');
              await utils.auth.session.invalidate();
            })
          }
        >
          <Stack maw={380}>
            <Text size="sm">{t('mfa.scanHint')}</Text>
            <Image
              src={enrolment.qrCodeDataUrl}
              w={200}
              h={200}
              alt={t('mfa.qrAlt')}
              bg="white"
              p={6}
              radius="sm"
              data-testid="mfa-qr"
            />
            <Text size="xs" c="dimmed">
              {t('mfa.manualKey')}{' '}
              <Code data-testid="mfa-secret" style={{ wordBreak: 'break-all' }}>
                {enrolment.secret}
              </Code>
            </Text>
            {codeInput}
            <Group gap="xs">
              <Button type="submit" loading={confirm.isPending} data-testid="mfa-confirm">
                {t('mfa.confirm')}
              </Button>
              <Button variant="default" onClick={() => (setEnrolment(null), setCode(''))}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack maw={380}>
          <Text size="sm">{t('mfa.intro')}</Text>
          <Button
            w="fit-content"
            loading={begin.isPending}
            onClick={() => void run(null, async () => setEnrolment(await begin.mutateAsync()))}
            data-testid="mfa-enable"
          >
            {t('mfa.enable')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
