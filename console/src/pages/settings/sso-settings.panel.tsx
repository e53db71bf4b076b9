import { Alert, Button, Code, MultiSelect, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { notifySuccess } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

export function SsoSettingsPanel() {
  const { t } = useTranslation();
  const query = trpc.sso.get.useQuery();
  if (query.error) return <Alert color="red">{errorMessage(t, query.error)}</Alert>;
  if (!query.data) return null;
  return <SsoForm initial={query.data} />;
}

function SsoForm({ initial }: { initial: RouterOutputs['sso']['get'] }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const groups = trpc.groups.list.useQuery();
  const update = trpc.sso.update.useMutation();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [issuerUrl, setIssuerUrl] = useState(initial.issuerUrl);
  const [clientId, setClientId] = useState(initial.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [defaultGroupIds, setDefaultGroupIds] = useState(initial.defaultGroupIds);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    setError(null);
    try {
      await update.mutateAsync({
        enabled,
        issuerUrl,
        clientId,
        clientSecret: clientSecret || undefined,
        defaultGroupIds,
      });
      setClientSecret('');
      await utils.sso.get.invalidate();
      notifySuccess(t('common.saved'));
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <Stack maw={560}>
      <Text size="sm" c="dimmed">
        {t('sso.intro')}
      </Text>
      {error && <Alert color="red">{error}</Alert>}
      <Switch label={t('sso.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
      <TextInput
        label={t('sso.issuerUrl')}
        placeholder="https://login.example.com/realms/newsroom"
        value={issuerUrl}
        onChange={(e) => setIssuerUrl(e.currentTarget.value)}
      />
      <TextInput label={t('sso.clientId')} value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} />
      <PasswordInput
        label={t('sso.clientSecret')}
        placeholder={initial.clientSecretSet ? t('config.secretSet') : t('config.secretNotSet')}
        value={clientSecret}
        onChange={(e) => setClientSecret(e.currentTarget.value)}
      />
      <MultiSelect
        label={t('sso.defaultGroups')}
        data={(groups.data ?? []).filter((g) => g.kind === 'custom').map((g) => ({ value: g.id, label: g.name }))}
        value={defaultGroupIds}
        onChange={setDefaultGroupIds}
      />
      <div>
        <Text size="sm" fw={500}>
          {t('sso.redirectUri')}
        </Text>
        <Code>{initial.redirectUri}</Code>
      </div>
      <Button onClick={() => void save()} loading={update.isPending} w="fit-content">
        {t('common.save')}
      </Button>
    </Stack>
  );
}
