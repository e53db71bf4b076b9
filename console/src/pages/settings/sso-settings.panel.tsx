import {
  Alert,
  Button,
  Code,
  CopyButton,
  Fieldset,
  Group,
  MultiSelect,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc, type RouterOutputs } from '../../lib/trpc';

export function SsoSettingsPanel() {
  const { t } = useTranslation();
  const query = trpc.sso.get.useQuery();
  if (query.error) return <Alert color="red">{errorMessage(t, query.error)}</Alert>;
  if (!query.data) return null;
  return <SsoForm initial={query.data} />;
}

function Copyable({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy}>
            {copied ? t('common.copied') : t('common.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** OpenID Connect single sign-on of this organisation; the client secret is write-only. */
function SsoForm({ initial }: { initial: RouterOutputs['sso']['get'] }) {
  const { t } = useTranslation();
  const session = useSession().data!;
  const utils = trpc.useUtils();
  const groups = trpc.groups.list.useQuery();
  const update = trpc.sso.update.useMutation();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [issuerUrl, setIssuerUrl] = useState(initial.issuerUrl);
  const [clientId, setClientId] = useState(initial.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [defaultGroupIds, setDefaultGroupIds] = useState(initial.defaultGroupIds);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIssues({});
    try {
      await update.mutateAsync({
        enabled,
        issuerUrl: issuerUrl.trim(),
        clientId: clientId.trim(),
        clientSecret: clientSecret || undefined,
        defaultGroupIds,
      });
      setClientSecret('');
      await utils.sso.get.invalidate();
      notifySuccess(t('common.saved'));
    } catch (e) {
      setError(errorMessage(t, e));
      setIssues(Object.fromEntries((appErrorOf(e)?.issues ?? []).map((i) => [i.path, i.message])));
    }
  }

  return (
    <form onSubmit={(e) => void save(e)}>
      <Stack maw={720}>
        <Text size="sm" c="dimmed">
          {t('sso.intro')}
        </Text>
        {error && (
          <Alert color="red" data-testid="sso-error">
            {error}
          </Alert>
        )}
        <Fieldset legend={t('sso.provider')}>
          <Stack>
            <Switch
              label={t('sso.enabled')}
              description={t('sso.enabledHint')}
              checked={enabled}
              onChange={(e) => setEnabled(e.currentTarget.checked)}
              data-testid="sso-enabled"
            />
            <TextInput
              label={t('sso.issuerUrl')}
              placeholder="https://login.example.com/realms/newsroom"
              value={issuerUrl}
              onChange={(e) => setIssuerUrl(e.currentTarget.value)}
              error={issues.issuerUrl}
              required
              data-testid="sso-issuer"
            />
            <TextInput
              label={t('sso.clientId')}
              value={clientId}
              onChange={(e) => setClientId(e.currentTarget.value)}
              error={issues.clientId}
              required
              data-testid="sso-client-id"
            />
            <PasswordInput
              label={t('sso.clientSecret')}
              placeholder={initial.clientSecretSet ? t('config.secretSet') : t('config.secretNotSet')}
              value={clientSecret}
              onChange={(e) => setClientSecret(e.currentTarget.value)}
              error={issues.clientSecret}
              autoComplete="new-password"
            />
            <MultiSelect
              label={t('sso.defaultGroups')}
              data={(groups.data ?? []).filter((g) => g.kind === 'custom').map((g) => ({ value: g.id, label: g.name }))}
              value={defaultGroupIds}
              onChange={setDefaultGroupIds}
              error={issues.defaultGroupIds}
              clearable
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('sso.registration')}>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('sso.redirectUri')}
            </Text>
            <Copyable value={initial.redirectUri} testId="sso-redirect-uri" />
            <Text size="sm" fw={500} mt="xs">
              {t('sso.startUrl')}
            </Text>
            <Copyable
              value={`${window.location.origin}/api/auth/sso/${session.tenant.slug}/start`}
              testId="sso-start-url"
            />
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={update.isPending} data-testid="sso-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
