import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  livePresetRefusal,
  liveSourceModesByType,
  liveSourceTypes,
  type TLiveSourceMode,
  type TLiveSourceType,
} from '@mam/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appErrorOf, errorCodeMessage, errorMessage } from '../../lib/app-error';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import {
  credentialFields,
  draftOf,
  fieldOfIssue,
  inputOf,
  takesCidr,
  withType,
  type TCredentialField,
  type TLiveSourceDraft,
  type TLiveSourceRow,
} from './live-source-draft.model';

/** Addresses as each kind of source takes them; the same in every language. */
export const locationExamples: Record<string, string> = {
  'srt:caller': 'srt://encoder.example.com:9000',
  'srt:listener': 'srt://0.0.0.0:9000',
  'rtmp:push': 'rtmp://0.0.0.0:1935/live',
  'rtmp:pull': 'rtmp://media.example.com/live/stream',
  'udp:listener': 'udp://239.1.1.1:5000, udp://0.0.0.0:5000',
  'rtp:listener': 'rtp://239.1.1.1:5004, rtp://0.0.0.0:5004',
  'hls:pull': 'https://media.example.com/live/stream.m3u8',
};

// Fields with a translated hint of their own under liveSources.invalid.
const hintedFields = ['name', 'type', 'mode', 'location', 'cidr', 'passphrase', 'streamKey', 'username', 'password'];
// Refusals of the whole source that are about one field.
const fieldOfCode: Record<string, string> = { LIVE_SOURCE_NAME_TAKEN: 'name', LIVE_SOURCE_ADDRESS_TAKEN: 'location' };

/** Add or edit a live source: its kind, where it is received or fetched from, and its secrets. */
export function LiveSourceModal({ source, onClose }: { source: TLiveSourceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.liveSources.create.useMutation();
  const update = trpc.liveSources.update.useMutation();
  const presets = trpc.renderPresets.list.useQuery();
  const locations = trpc.liveSources.renderLocations.useQuery();
  const [draft, setDraft] = useState<TLiveSourceDraft>(() => draftOf(source));
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const change = (patch: Partial<TLiveSourceDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setSecret = (field: TCredentialField, value: string) =>
    setDraft((current) => ({ ...current, credentials: { ...current.credentials, [field]: value } }));
  const example = locationExamples[`${draft.type}:${draft.mode}`] ?? '';
  const modes = liveSourceModesByType[draft.type];
  // Secrets stay on the server: a saved one shows as set, and a blank field keeps it.
  const keepsSecrets = source !== null && source.type === draft.type && source.mode === draft.mode;

  function showFailure(e: unknown) {
    const appError = appErrorOf(e);
    const found: Record<string, string> = {};
    for (const issue of appError?.issues ?? []) {
      const field = fieldOfIssue(issue.path);
      if (found[field]) continue;
      found[field] =
        issue.code !== 'LIVE_SOURCE_INVALID'
          ? errorCodeMessage(t, issue.code)
          : hintedFields.includes(field)
            ? t(`liveSources.invalid.${field}`, { example })
            : t('errors.LIVE_SOURCE_INVALID');
    }
    const field = appError ? fieldOfCode[appError.code] : undefined;
    if (field) found[field] = errorMessage(t, e);
    setIssues(found);
    setError(errorMessage(t, e));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIssues({});
    try {
      const input = inputOf(draft, source);
      if (source) await update.mutateAsync({ id: source.id, source: input });
      else await create.mutateAsync({ source: input });
      await utils.liveSources.list.invalidate();
      notifySuccess(t('common.saved'));
      onClose();
    } catch (e) {
      showFailure(e);
    }
  }

  function secretInput(field: TCredentialField) {
    const props = {
      label: t(`liveSources.credentials.${field}`),
      value: draft.credentials[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) => setSecret(field, e.currentTarget.value),
      description:
        keepsSecrets && source.credentialsSet[field]
          ? t('liveSources.secretSaved')
          : t(`liveSources.credentialHints.${field}`),
      error: issues[field],
      autoComplete: 'off',
      'data-testid': `live-source-${field}`,
    };
    return field === 'username' ? (
      <TextInput key={field} {...props} />
    ) : (
      <PasswordInput key={field} {...props} autoComplete="new-password" />
    );
  }

  const fields = credentialFields(draft.type, draft.mode);
  const highResOptions = [
    { value: 'copy', label: t('liveSources.highResCopy') },
    ...(presets.data ?? [])
      // Only presets a live recording can use are offered (the server refuses the others); the saved one stays.
      .filter((preset) => preset.id === draft.highRes || (!preset.hidden && livePresetRefusal(preset) === null))
      .map((preset) => ({ value: preset.id, label: preset.name })),
  ];

  return (
    <Modal opened onClose={onClose} title={source ? t('liveSources.edit') : t('liveSources.add')} size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" data-testid="live-source-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('common.name')}
            value={draft.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
            error={issues.name}
            required
            data-autofocus
            data-testid="live-source-name"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('liveSources.type')}
              data={liveSourceTypes.map((type) => ({ value: type, label: t(`liveSources.types.${type}`) }))}
              value={draft.type}
              onChange={(type) => type && setDraft((current) => withType(current, type as TLiveSourceType))}
              allowDeselect={false}
              error={issues.type}
              data-testid="live-source-type"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('liveSources.mode')}
              </Text>
              <SegmentedControl
                value={draft.mode}
                onChange={(mode) => change({ mode: mode as TLiveSourceMode })}
                data={modes.map((mode) => ({ value: mode, label: t(`liveSources.modes.${mode}`) }))}
                disabled={modes.length === 1}
                fullWidth
                data-testid="live-source-mode"
              />
              {issues.mode && (
                <Text size="xs" c="red">
                  {issues.mode}
                </Text>
              )}
            </Stack>
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="live-source-mode-hint">
            {t(`liveSources.modeHints.${draft.type}-${draft.mode}`)}
          </Text>
          <TextInput
            label={t('liveSources.location')}
            description={t('liveSources.locationExample', { example })}
            value={draft.location}
            onChange={(e) => change({ location: e.currentTarget.value })}
            error={issues.location}
            required
            spellCheck={false}
            data-testid="live-source-location"
          />
          {fields.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: fields.length }}>{fields.map(secretInput)}</SimpleGrid>
          )}
          {takesCidr(draft.type, draft.mode) && (
            <Textarea
              label={t('liveSources.cidr')}
              description={t('liveSources.cidrHint')}
              value={draft.cidr}
              onChange={(e) => change({ cidr: e.currentTarget.value })}
              error={issues.cidr}
              autosize
              minRows={2}
              spellCheck={false}
              data-testid="live-source-cidr"
            />
          )}
          <Select
            label={t('liveSources.highRes')}
            description={t('liveSources.highResHint')}
            data={highResOptions}
            value={draft.highRes}
            onChange={(value) => change({ highRes: value ?? 'copy' })}
            allowDeselect={false}
            error={issues.highRes}
            data-testid="live-source-highres"
          />
          {(locations.data?.length ?? 0) > 1 && (
            <Select
              label={t('liveSources.renderLocation')}
              description={t('liveSources.recordToHint')}
              data={[
                { value: 'default', label: t('liveSources.defaultRenderLocation') },
                ...(locations.data ?? []).map((location) => ({ value: location.id, label: location.name })),
              ]}
              value={draft.renderLocationId || 'default'}
              onChange={(value) => change({ renderLocationId: !value || value === 'default' ? '' : value })}
              allowDeselect={false}
              error={issues.renderLocationId}
              data-testid="live-source-render-location"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="live-source-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
