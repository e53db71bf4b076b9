import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { toAppIssues, ZTenantConfigUpdate, type TRedactedTenantConfig, type TTenantConfigUpdate } from '@mam/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

const toggleKeys = [
  'audio',
  'file',
  'folder',
  'label',
  'person',
  'editProxy',
  'speakerDiarization',
  'enforceMfa',
  'focusedMosNotifications',
] as const;
// Intl's list leaves out 'UTC', the default of every new tenant.
const GIB = 1024 ** 3;
const timeZones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

export function TenantConfigPanel() {
  const query = trpc.tenantConfig.get.useQuery();
  const { t } = useTranslation();
  if (query.error) return <Alert color="red">{errorMessage(t, query.error)}</Alert>;
  if (!query.data) return null;
  return <TenantConfigForm initial={query.data} />;
}

function TenantConfigForm({ initial }: { initial: TRedactedTenantConfig }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [config, setConfig] = useState(initial);
  // The stored key is never sent back; typing a new one replaces it, and removing it sends null.
  const [apiKey, setApiKey] = useState('');
  const [removeApiKey, setRemoveApiKey] = useState(false);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const update = trpc.tenantConfig.update.useMutation();
  const set = <K extends keyof TRedactedTenantConfig>(key: K, value: TRedactedTenantConfig[K]) =>
    setConfig({ ...config, [key]: value });
  const num = (v: number | string) => (typeof v === 'number' ? v : Number.NaN);
  const limit = (v: number | string) => (typeof v === 'number' ? v : null);
  // The operator sets the quota; the tenant's administrators see it.
  const isSuperAdmin = useSession().data?.user.isSuperAdmin ?? false;

  function showIssues(list: Array<{ path: string; message: string }>) {
    setError(t('errors.INVALID_CONFIGURATION'));
    // The first issue of a field is the one to fix first.
    setIssues(list.reduce<Record<string, string>>((all, i) => ({ [i.path]: i.message, ...all }), {}));
  }

  async function save() {
    setError(null);
    setIssues({});
    const payload: TTenantConfigUpdate = {
      ...config,
      speechToText: {
        ...config.speechToText,
        apiKey: removeApiKey ? null : apiKey ? apiKey : config.speechToText.apiKey,
      },
    };
    // The same schema the server applies, so mistakes show at once; the server still has the last word.
    const checked = ZTenantConfigUpdate.safeParse(payload);
    if (!checked.success) return showIssues(toAppIssues(checked.error, 'INVALID_CONFIGURATION'));
    try {
      const saved = await update.mutateAsync({ config: payload });
      setConfig(saved);
      setApiKey('');
      setRemoveApiKey(false);
      await utils.tenantConfig.get.invalidate();
      await utils.auth.session.invalidate();
      notifySuccess(t('common.saved'));
    } catch (e) {
      const appError = appErrorOf(e);
      if (appError?.issues?.length) showIssues(appError.issues);
      else setError(errorMessage(t, e));
    }
  }

  const err = (path: string) => issues[path];
  /** The form's own label of a field the schema names by path ('unknownPersonRegistration.maxImages'). */
  const fieldLabel = (path: string) => {
    const [head = '', last = head] = path.split('.');
    const key = head === 'toggles' ? `config.toggles.${last}` : `config.${last}`;
    return i18n.exists(key) ? t(key) : path || '—';
  };
  return (
    <Stack maw={960}>
      {error && (
        <Alert color="red" title={error} data-testid="config-error">
          {Object.keys(issues).length > 0 && (
            <List size="sm" data-testid="config-issues">
              {Object.entries(issues).map(([path, message]) => (
                <List.Item key={path}>
                  <Text span fw={600} size="sm">
                    {fieldLabel(path)}
                  </Text>
                  : {message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Fieldset legend={t('config.organisation')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label={t('config.organizationName')}
            value={config.organizationName}
            onChange={(e) => set('organizationName', e.currentTarget.value)}
            error={err('organizationName')}
          />
          <Select
            label={t('config.timezone')}
            data={timeZones.includes(config.timezone) ? timeZones : [config.timezone, ...timeZones]}
            searchable
            value={config.timezone}
            onChange={(v) => set('timezone', v ?? '')}
            error={err('timezone')}
          />
          <TextInput
            label={t('config.primaryTranslationLanguage')}
            value={config.primaryTranslationLanguage ?? ''}
            onChange={(e) => set('primaryTranslationLanguage', e.currentTarget.value || null)}
            error={err('primaryTranslationLanguage')}
          />
          <TextInput
            label={t('config.secondaryTranslationLanguage')}
            value={config.secondaryTranslationLanguage ?? ''}
            onChange={(e) => set('secondaryTranslationLanguage', e.currentTarget.value || null)}
            error={err('secondaryTranslationLanguage')}
          />
          <Select
            label={t('config.defaultSearchFilter')}
            data={[
              { value: 'assets', label: t('config.assets') },
              { value: 'all', label: t('config.all') },
            ]}
            value={config.defaultSearchFilter}
            onChange={(v) => set('defaultSearchFilter', (v ?? 'assets') as 'assets' | 'all')}
            allowDeselect={false}
            error={err('defaultSearchFilter')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('config.mediaAndSharing')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NumberInput
            label={t('config.crashRecordingDurationMinutes')}
            value={config.crashRecordingDurationMinutes}
            onChange={(v) => set('crashRecordingDurationMinutes', num(v))}
            error={err('crashRecordingDurationMinutes')}
          />
          <TextInput
            label={t('config.crashRecordingNamePattern')}
            value={config.crashRecordingNamePattern}
            onChange={(e) => set('crashRecordingNamePattern', e.currentTarget.value)}
            error={err('crashRecordingNamePattern')}
          />
          <NumberInput
            label={t('config.maxExportFileNameLength')}
            value={config.maxExportFileNameLength}
            onChange={(v) => set('maxExportFileNameLength', num(v))}
            error={err('maxExportFileNameLength')}
          />
          <TagsInput
            label={t('config.blockedUploadExtensions')}
            description={t('config.blockedUploadExtensionsHint')}
            value={config.blockedUploadExtensions}
            onChange={(v) => set('blockedUploadExtensions', v)}
            error={Object.entries(issues).find(([k]) => k.startsWith('blockedUploadExtensions'))?.[1]}
          />
          <NumberInput
            label={t('config.shareMaxValidDays')}
            placeholder={t('config.productDefault')}
            value={config.shareMaxValidDays ?? ''}
            onChange={(v) => set('shareMaxValidDays', limit(v))}
            error={err('shareMaxValidDays')}
          />
          <NumberInput
            label={t('config.shareMaxViews')}
            placeholder={t('config.productDefault')}
            value={config.shareMaxViews ?? ''}
            onChange={(v) => set('shareMaxViews', limit(v))}
            error={err('shareMaxViews')}
          />
          <NumberInput
            label={t('config.storageQuotaGib')}
            description={t('config.storageQuotaHint')}
            placeholder={t('config.unlimited')}
            min={0}
            decimalScale={3}
            disabled={!isSuperAdmin}
            value={config.storageQuotaBytes === null ? '' : config.storageQuotaBytes / GIB}
            onChange={(v) => set('storageQuotaBytes', typeof v === 'number' ? Math.round(v * GIB) : null)}
            error={err('storageQuotaBytes')}
            data-testid="config-storage-quota"
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('config.recognition')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NumberInput
            label={t('config.faceMatchConfidence')}
            step={0.05}
            decimalScale={2}
            value={config.faceMatchConfidence}
            onChange={(v) => set('faceMatchConfidence', num(v))}
            error={err('faceMatchConfidence')}
          />
          <Switch
            mt="lg"
            label={t('config.unknownPersonRegistration')}
            checked={config.unknownPersonRegistration.enabled}
            onChange={(e) =>
              set('unknownPersonRegistration', {
                ...config.unknownPersonRegistration,
                enabled: e.currentTarget.checked,
              })
            }
          />
          <NumberInput
            label={t('config.maxImages')}
            value={config.unknownPersonRegistration.maxImages}
            onChange={(v) =>
              set('unknownPersonRegistration', { ...config.unknownPersonRegistration, maxImages: num(v) })
            }
            error={err('unknownPersonRegistration.maxImages')}
          />
          <NumberInput
            label={t('config.minSimilarityConfidence')}
            step={0.05}
            decimalScale={2}
            value={config.unknownPersonRegistration.minSimilarityConfidence}
            onChange={(v) =>
              set('unknownPersonRegistration', { ...config.unknownPersonRegistration, minSimilarityConfidence: num(v) })
            }
            error={err('unknownPersonRegistration.minSimilarityConfidence')}
          />
          <NumberInput
            label={t('config.minFaceWidthPercent')}
            value={config.unknownPersonRegistration.minFaceWidthPercent}
            onChange={(v) =>
              set('unknownPersonRegistration', { ...config.unknownPersonRegistration, minFaceWidthPercent: num(v) })
            }
            error={err('unknownPersonRegistration.minFaceWidthPercent')}
          />
          <NumberInput
            label={t('config.zoomOutPercent')}
            value={config.unknownPersonRegistration.zoomOutPercent}
            onChange={(v) =>
              set('unknownPersonRegistration', { ...config.unknownPersonRegistration, zoomOutPercent: num(v) })
            }
            error={err('unknownPersonRegistration.zoomOutPercent')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('config.speechToText')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label={t('config.provider')}
            value={config.speechToText.provider ?? ''}
            onChange={(e) => set('speechToText', { ...config.speechToText, provider: e.currentTarget.value || null })}
            error={err('speechToText.provider')}
          />
          <Stack gap={4}>
            <PasswordInput
              label={t('config.apiKey')}
              placeholder={config.speechToText.apiKey.set ? t('config.secretSet') : t('config.secretNotSet')}
              value={apiKey}
              onChange={(e) => (setApiKey(e.currentTarget.value), setRemoveApiKey(false))}
              disabled={removeApiKey}
              error={err('speechToText.apiKey')}
              autoComplete="new-password"
            />
            {config.speechToText.apiKey.set && (
              <Checkbox
                size="xs"
                label={t('config.removeSecret')}
                checked={removeApiKey}
                onChange={(e) => (setRemoveApiKey(e.currentTarget.checked), setApiKey(''))}
              />
            )}
          </Stack>
          <TextInput
            label={t('config.workspaceId')}
            value={config.speechToText.workspaceId ?? ''}
            onChange={(e) =>
              set('speechToText', { ...config.speechToText, workspaceId: e.currentTarget.value || null })
            }
            error={err('speechToText.workspaceId')}
          />
          <TextInput
            label={t('config.region')}
            value={config.speechToText.region ?? ''}
            onChange={(e) => set('speechToText', { ...config.speechToText, region: e.currentTarget.value || null })}
            error={err('speechToText.region')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('config.features')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {toggleKeys.map((key) => (
            <Switch
              key={key}
              label={t(`config.toggles.${key}`)}
              checked={config.toggles[key]}
              onChange={(e) => set('toggles', { ...config.toggles, [key]: e.currentTarget.checked })}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Group>
        <Button onClick={() => void save()} loading={update.isPending} data-testid="save-config">
          {t('common.save')}
        </Button>
        <Button
          variant="default"
          onClick={() => (setConfig(initial), setApiKey(''), setRemoveApiKey(false), setIssues({}), setError(null))}
        >
          {t('common.discard')}
        </Button>
      </Group>
    </Stack>
  );
}
