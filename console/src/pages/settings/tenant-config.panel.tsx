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
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import {
  durationUnitFor,
  fractionToPercent,
  fromMinutes,
  languageOptions,
  percentToFraction,
  toMinutes,
  type TDurationUnit,
} from './tenant-config.controls';

type TToggle = keyof TRedactedTenantConfig['toggles'];
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
  const [durationUnit, setDurationUnit] = useState<TDurationUnit>(() =>
    durationUnitFor(initial.crashRecordingDurationMinutes),
  );
  const languages = useMemo(
    () =>
      languageOptions(i18n.resolvedLanguage ?? 'en', [
        initial.primaryTranslationLanguage,
        initial.secondaryTranslationLanguage,
      ]),
    [i18n.resolvedLanguage, initial.primaryTranslationLanguage, initial.secondaryTranslationLanguage],
  );
  const help = (key: string) => t(`administration.config.help.${key}`);
  const toggle = (key: TToggle) => (
    <Switch
      key={key}
      label={t(`config.toggles.${key}`)}
      description={t(`administration.config.help.toggles.${key}`)}
      checked={config.toggles[key]}
      onChange={(e) => set('toggles', { ...config.toggles, [key]: e.currentTarget.checked })}
      data-testid={`config-toggle-${key}`}
    />
  );

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
      <Fieldset legend={t('administration.config.groups.organisation')} data-testid="config-group-organisation">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label={t('config.organizationName')}
            description={help('organizationName')}
            value={config.organizationName}
            onChange={(e) => set('organizationName', e.currentTarget.value)}
            error={err('organizationName')}
          />
          <Select
            label={t('config.timezone')}
            description={help('timezone')}
            data={timeZones.includes(config.timezone) ? timeZones : [config.timezone, ...timeZones]}
            searchable
            value={config.timezone}
            onChange={(v) => set('timezone', v ?? '')}
            error={err('timezone')}
          />
          <Select
            label={t('config.defaultSearchFilter')}
            description={help('defaultSearchFilter')}
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
      <Fieldset legend={t('administration.config.groups.languages')} data-testid="config-group-languages">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label={t('config.primaryTranslationLanguage')}
            description={help('primaryTranslationLanguage')}
            placeholder={t('administration.config.noLanguage')}
            data={languages}
            searchable
            clearable
            value={config.primaryTranslationLanguage}
            onChange={(v) => set('primaryTranslationLanguage', v)}
            error={err('primaryTranslationLanguage')}
            data-testid="config-primary-language"
          />
          <Select
            label={t('config.secondaryTranslationLanguage')}
            description={help('secondaryTranslationLanguage')}
            placeholder={t('administration.config.noLanguage')}
            data={languages}
            searchable
            clearable
            value={config.secondaryTranslationLanguage}
            onChange={(v) => set('secondaryTranslationLanguage', v)}
            error={err('secondaryTranslationLanguage')}
            data-testid="config-secondary-language"
          />
          <TextInput
            label={t('config.provider')}
            description={help('provider')}
            value={config.speechToText.provider ?? ''}
            onChange={(e) => set('speechToText', { ...config.speechToText, provider: e.currentTarget.value || null })}
            error={err('speechToText.provider')}
          />
          <Stack gap={4}>
            <PasswordInput
              label={t('config.apiKey')}
              description={help('apiKey')}
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
            description={help('workspaceId')}
            value={config.speechToText.workspaceId ?? ''}
            onChange={(e) =>
              set('speechToText', { ...config.speechToText, workspaceId: e.currentTarget.value || null })
            }
            error={err('speechToText.workspaceId')}
          />
          <TextInput
            label={t('config.region')}
            description={help('region')}
            value={config.speechToText.region ?? ''}
            onChange={(e) => set('speechToText', { ...config.speechToText, region: e.currentTarget.value || null })}
            error={err('speechToText.region')}
          />
          {toggle('speakerDiarization')}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('administration.config.groups.content')} data-testid="config-group-content">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TagsInput
            label={t('config.blockedUploadExtensions')}
            description={t('config.blockedUploadExtensionsHint')}
            value={config.blockedUploadExtensions}
            onChange={(v) => set('blockedUploadExtensions', v)}
            error={Object.entries(issues).find(([k]) => k.startsWith('blockedUploadExtensions'))?.[1]}
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
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md">
          {toggle('audio')}
          {toggle('file')}
          {toggle('folder')}
          {toggle('person')}
          {toggle('editProxy')}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('administration.config.groups.sharing')} data-testid="config-group-sharing">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NumberInput
            label={t('config.shareMaxValidDays')}
            description={help('shareMaxValidDays')}
            placeholder={t('config.productDefault')}
            suffix={` ${t('administration.config.units.days')}`}
            min={1}
            allowDecimal={false}
            value={config.shareMaxValidDays ?? ''}
            onChange={(v) => set('shareMaxValidDays', limit(v))}
            error={err('shareMaxValidDays')}
          />
          <NumberInput
            label={t('config.shareMaxViews')}
            description={help('shareMaxViews')}
            placeholder={t('config.productDefault')}
            min={1}
            allowDecimal={false}
            value={config.shareMaxViews ?? ''}
            onChange={(v) => set('shareMaxViews', limit(v))}
            error={err('shareMaxViews')}
          />
          <NumberInput
            label={t('config.maxExportFileNameLength')}
            description={help('maxExportFileNameLength')}
            allowDecimal={false}
            value={config.maxExportFileNameLength}
            onChange={(v) => set('maxExportFileNameLength', num(v))}
            error={err('maxExportFileNameLength')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('administration.config.groups.live')} data-testid="config-group-live">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <NumberInput
              flex={1}
              label={t('administration.config.crashRecordingDuration')}
              description={help('crashRecordingDuration')}
              min={0}
              decimalScale={durationUnit === 'hours' ? 2 : 0}
              value={fromMinutes(config.crashRecordingDurationMinutes, durationUnit)}
              onChange={(v) => set('crashRecordingDurationMinutes', toMinutes(num(v), durationUnit))}
              error={err('crashRecordingDurationMinutes')}
              data-testid="config-crash-duration"
            />
            <Select
              w={120}
              label={t('administration.config.unit')}
              description=" "
              data={[
                { value: 'minutes', label: t('administration.config.units.minutes') },
                { value: 'hours', label: t('administration.config.units.hours') },
              ]}
              value={durationUnit}
              onChange={(v) => setDurationUnit((v ?? 'minutes') as TDurationUnit)}
              allowDeselect={false}
              data-testid="config-crash-duration-unit"
            />
          </Group>
          <TextInput
            label={t('config.crashRecordingNamePattern')}
            // The pattern's own placeholders are shown as they are typed.
            description={t('administration.config.help.crashRecordingNamePattern', {
              source: '{{source}}',
              date: '{{date}}',
              time: '{{time}}',
            })}
            value={config.crashRecordingNamePattern}
            onChange={(e) => set('crashRecordingNamePattern', e.currentTarget.value)}
            error={err('crashRecordingNamePattern')}
          />
          {toggle('focusedMosNotifications')}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('administration.config.groups.analytics')} data-testid="config-group-analytics">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NumberInput
            label={t('config.faceMatchConfidence')}
            description={help('faceMatchConfidence')}
            suffix=" %"
            min={0}
            max={100}
            decimalScale={2}
            value={fractionToPercent(config.faceMatchConfidence)}
            onChange={(v) => set('faceMatchConfidence', percentToFraction(num(v)))}
            error={err('faceMatchConfidence')}
          />
          {toggle('label')}
          <Switch
            mt="lg"
            label={t('config.unknownPersonRegistration')}
            description={help('unknownPersonRegistration')}
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
            description={help('maxImages')}
            allowDecimal={false}
            disabled={!config.unknownPersonRegistration.enabled}
            value={config.unknownPersonRegistration.maxImages}
            onChange={(v) =>
              set('unknownPersonRegistration', { ...config.unknownPersonRegistration, maxImages: num(v) })
            }
            error={err('unknownPersonRegistration.maxImages')}
          />
          <NumberInput
            label={t('config.minSimilarityConfidence')}
            description={help('minSimilarityConfidence')}
            suffix=" %"
            min={0}
            max={100}
            decimalScale={2}
            disabled={!config.unknownPersonRegistration.enabled}
            value={fractionToPercent(config.unknownPersonRegistration.minSimilarityConfidence)}
            onChange={(v) =>
              set('unknownPersonRegistration', {
                ...config.unknownPersonRegistration,
                minSimilarityConfidence: percentToFraction(num(v)),
              })
            }
            error={err('unknownPersonRegistration.minSimilarityConfidence')}
          />
          <NumberInput
            label={t('config.minFaceWidthPercent')}
            description={help('minFaceWidthPercent')}
            disabled={!config.unknownPersonRegistration.enabled}
            value={config.unknownPersonRegistration.minFaceWidthPercent}
            onChange={(v) =>
              set('unknownPersonRegistration', { ...config.unknownPersonRegistration, minFaceWidthPercent: num(v) })
            }
            error={err('unknownPersonRegistration.minFaceWidthPercent')}
          />
          <NumberInput
            label={t('config.zoomOutPercent')}
            description={help('zoomOutPercent')}
            disabled={!config.unknownPersonRegistration.enabled}
            value={config.unknownPersonRegistration.zoomOutPercent}
            onChange={(v) =>
              set('unknownPersonRegistration', { ...config.unknownPersonRegistration, zoomOutPercent: num(v) })
            }
            error={err('unknownPersonRegistration.zoomOutPercent')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('administration.config.groups.security')} data-testid="config-group-security">
        {toggle('enforceMfa')}
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
