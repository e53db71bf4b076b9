import {
  Alert,
  Badge,
  Button,
  Code,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languages, type TLanguage } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ChangePasswordForm } from '../auth/change-password.page';

export function ProfileTab() {
  const { t, i18n } = useTranslation();
  const session = useSession().data!;
  const utils = trpc.useUtils();
  const [name, setName] = useState(session.user.name);
  const [language, setLanguage] = useState<TLanguage | null>((session.user.language as TLanguage | null) ?? null);
  const update = trpc.profile.update.useMutation();

  async function save() {
    try {
      await update.mutateAsync({ name, language });
      if (language) await i18n.changeLanguage(language);
      await utils.auth.session.invalidate();
      notifySuccess(t('common.saved'));
    } catch (e) {
      notifyError(t, e);
    }
  }

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Stack>
        <Paper withBorder p="lg">
          <Title order={4} mb="sm">
            {t('userSettings.myProfile')}
          </Title>
          <Stack maw={420}>
            <TextInput label={t('common.email')} value={session.user.email} readOnly />
            <TextInput label={t('common.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Select
              label={t('nav.language')}
              data={languages.map((l) => ({ value: l.code, label: l.label }))}
              value={language}
              onChange={(v) => setLanguage(v as TLanguage | null)}
              clearable
              placeholder={t('userSettings.browserLanguage')}
            />
            <Button onClick={() => void save()} loading={update.isPending} w="fit-content">
              {t('common.save')}
            </Button>
          </Stack>
        </Paper>
        {!session.user.external && (
          <Paper withBorder p="lg">
            <Title order={4} mb="sm">
              {t('password.change')}
            </Title>
            <ChangePasswordForm />
          </Paper>
        )}
      </Stack>
      {!session.user.external && <MfaPanel />}
    </SimpleGrid>
  );
}

function MfaPanel() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const utils = trpc.useUtils();
  const config = session.mfaEnrolmentRequired;
  const [enrolment, setEnrolment] = useState<{ secret: string; qrCodeDataUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const begin = trpc.mfa.beginEnrolment.useMutation();
  const confirm = trpc.mfa.confirmEnrolment.useMutation();
  const disable = trpc.mfa.disable.useMutation();

  async function run(action: () => Promise<void>) {
    try {
      await action();
    } catch (e) {
      notifyError(t, e);
    }
  }

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('mfa.title')}</Title>
        <Badge color={session.user.mfaEnabled ? 'teal' : 'gray'}>
          {session.user.mfaEnabled ? t('mfa.on') : t('mfa.off')}
        </Badge>
      </Group>
      {config && (
        <Alert color="orange" mb="md">
          {t('errors.MFA_ENROLMENT_REQUIRED')}
        </Alert>
      )}
      {recoveryCodes ? (
        <Stack>
          <Text size="sm">{t('mfa.recoveryCodesHint')}</Text>
          <Code block data-testid="recovery-codes">
            {recoveryCodes.join('\n')}
          </Code>
          <Button w="fit-content" onClick={() => setRecoveryCodes(null)}>
            {t('common.done')}
          </Button>
        </Stack>
      ) : session.user.mfaEnabled ? (
        <Stack maw={360}>
          <Text size="sm">{t('mfa.disableHint')}</Text>
          <TextInput label={t('login.mfaCode')} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
          <Button
            color="red"
            variant="light"
            w="fit-content"
            loading={disable.isPending}
            onClick={() =>
              void run(async () => {
                await disable.mutateAsync({ code });
                setCode('');
                await utils.auth.session.invalidate();
                notifySuccess(t('mfa.disabled'));
              })
            }
          >
            {t('mfa.disable')}
          </Button>
        </Stack>
      ) : enrolment ? (
        <Stack maw={360}>
          <Text size="sm">{t('mfa.scanHint')}</Text>
          <Image src={enrolment.qrCodeDataUrl} w={200} h={200} alt={t('mfa.qrAlt')} bg="white" p={4} />
          <Text size="xs" c="dimmed">
            {t('mfa.manualKey')} <Code>{enrolment.secret}</Code>
          </Text>
          <TextInput
            label={t('login.mfaCode')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="one-time-code"
          />
          <Button
            w="fit-content"
            loading={confirm.isPending}
            onClick={() =>
              void run(async () => {
                const result = await confirm.mutateAsync({ code });
                setRecoveryCodes(result.recoveryCodes);
                setEnrolment(null);
                setCode('');
                await utils.auth.session.invalidate();
              })
            }
          >
            {t('mfa.confirm')}
          </Button>
        </Stack>
      ) : (
        <Stack maw={360}>
          <Text size="sm">{t('mfa.intro')}</Text>
          <Button
            w="fit-content"
            loading={begin.isPending}
            onClick={() => void run(async () => setEnrolment(await begin.mutateAsync()))}
          >
            {t('mfa.enable')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
