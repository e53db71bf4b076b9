import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  advancedPresetParameters,
  renderPresetCapabilities,
  renderPresetModes,
  type TAdvancedPresetParameter,
  type TAdvancedPresetSettings,
  type TGenericPresetSettings,
  type TRenderPresetCapability,
  type TRenderPresetMode,
} from '@mam/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appErrorOf, errorMessage } from '../../../lib/app-error';
import { notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { advancedParameterNames, draftOf, fieldOfIssue, inputOf, type TPresetDraft } from './preset-draft.model';
import type { TPresetRow } from './render-presets.panel';

// Product and format names, the same in every language.
const containerNames = { mp4: 'MP4', mov: 'QuickTime (MOV)', mxf: 'MXF', mkv: 'Matroska (MKV)' };
const videoCodecNames = {
  h264: 'H.264',
  hevc: 'HEVC (H.265)',
  prores: 'Apple ProRes',
  dnxhd: 'Avid DNxHD/DNxHR',
  mpeg2video: 'MPEG-2',
};
const audioCodecNames = { aac: 'AAC', pcm_s16le: 'PCM 16', pcm_s24le: 'PCM 24' };
const speeds: TGenericPresetSettings['speed'][] = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
];
const heights = [2160, 1080, 720, 540, 360];

const options = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));

/** Create or edit one preset: the common fields, then the chosen mode's own. */
export function RenderPresetModal({
  preset,
  presets,
  onClose,
}: {
  preset: TPresetRow | null;
  presets: TPresetRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.renderPresets.create.useMutation();
  const update = trpc.renderPresets.update.useMutation();
  const [draft, setDraft] = useState<TPresetDraft>(() => draftOf(preset));
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Set<string>>(new Set());
  const change = (patch: Partial<TPresetDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const changeGeneric = (patch: Partial<TGenericPresetSettings>) =>
    setDraft((current) => ({ ...current, generic: { ...current.generic, ...patch } }));
  const changeAdvanced = (patch: Partial<TAdvancedPresetSettings>) =>
    setDraft((current) => ({ ...current, advanced: { ...current.advanced, ...patch } }));
  const fieldError = (field: string) => (issues.has(field) ? t('renderPresets.checkField') : undefined);
  const number = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIssues(new Set());
    try {
      if (preset) await update.mutateAsync({ id: preset.id, preset: inputOf(draft) });
      else await create.mutateAsync({ preset: inputOf(draft) });
      await utils.renderPresets.list.invalidate();
      notifySuccess(t('common.saved'));
      onClose();
    } catch (e) {
      setIssues(new Set((appErrorOf(e)?.issues ?? []).map((issue) => fieldOfIssue(issue.path))));
      setError(errorMessage(t, e));
    }
  }

  function parameterInput(name: TAdvancedPresetParameter) {
    const rule = advancedPresetParameters[name];
    const value = draft.advanced.parameters[name];
    const label = t(`renderPresets.parameterNames.${name}`);
    const setValue = (next: string | number | null) => {
      const parameters = { ...draft.advanced.parameters };
      if (next === null || next === '') delete parameters[name];
      else parameters[name] = next;
      changeAdvanced({ parameters });
    };
    if (rule.kind === 'list') {
      return (
        <Select
          key={name}
          label={label}
          data={[...rule.values]}
          value={typeof value === 'string' ? value : null}
          onChange={setValue}
          clearable
          error={fieldError(`parameters.${name}`)}
          data-testid={`preset-param-${name}`}
        />
      );
    }
    return (
      <NumberInput
        key={name}
        label={label}
        description={`${rule.min}–${rule.max}`}
        min={rule.min}
        max={rule.max}
        allowDecimal={false}
        value={typeof value === 'number' ? value : ''}
        onChange={(next) => setValue(next === '' ? null : number(next))}
        error={fieldError(`parameters.${name}`)}
        data-testid={`preset-param-${name}`}
      />
    );
  }

  const fallbackOptions = presets
    .filter((other) => other.id !== preset?.id)
    .map((other) => ({ value: other.id, label: other.name }));

  return (
    <Modal opened onClose={onClose} title={preset ? t('renderPresets.edit') : t('renderPresets.add')} size="xl">
      <form onSubmit={(e) => void save(e)}>
        <Stack>
          {error && (
            <Alert color="red" data-testid="preset-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('common.name')}
            value={draft.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
            error={fieldError('name')}
            required
            data-autofocus
            data-testid="preset-name"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('renderPresets.mode')}
            </Text>
            <SegmentedControl
              value={draft.mode}
              onChange={(mode) => change({ mode: mode as TRenderPresetMode })}
              data={renderPresetModes.map((mode) => ({ value: mode, label: t(`renderPresets.modes.${mode}`) }))}
              fullWidth
              data-testid="preset-mode-choice"
            />
            <Text size="xs" c="dimmed">
              {t(`renderPresets.modeHints.${draft.mode}`)}
            </Text>
          </Stack>
          {draft.mode === 'generic' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('renderPresets.height')}
                data={[
                  { value: 'source', label: t('renderPresets.sourceSize') },
                  ...heights.map((lines) => ({
                    value: String(lines),
                    label: t('renderPresets.lines', { count: lines }),
                  })),
                ]}
                value={draft.generic.height === null ? 'source' : String(draft.generic.height)}
                onChange={(value) => changeGeneric({ height: !value || value === 'source' ? null : Number(value) })}
                allowDeselect={false}
                error={fieldError('height')}
                data-testid="preset-height"
              />
              <NumberInput
                label={t('renderPresets.crf')}
                min={0}
                max={51}
                allowDecimal={false}
                value={draft.generic.crf}
                onChange={(value) => changeGeneric({ crf: number(value) })}
                error={fieldError('crf')}
                data-testid="preset-crf"
              />
              <Select
                label={t('renderPresets.speed')}
                data={speeds}
                value={draft.generic.speed}
                onChange={(value) => value && changeGeneric({ speed: value as TGenericPresetSettings['speed'] })}
                allowDeselect={false}
                data-testid="preset-speed"
              />
              <NumberInput
                label={t('renderPresets.audioBitrate')}
                min={32}
                max={512}
                allowDecimal={false}
                value={draft.generic.audioBitrateKbps}
                onChange={(value) => changeGeneric({ audioBitrateKbps: number(value) })}
                error={fieldError('audioBitrateKbps')}
                data-testid="preset-audio-bitrate"
              />
            </SimpleGrid>
          )}
          {draft.mode === 'broadcast' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('renderPresets.format')}
                data={['1080i50', '1080p25']}
                value={draft.broadcast.format}
                onChange={(format) =>
                  format && change({ broadcast: { ...draft.broadcast, format: format as '1080i50' | '1080p25' } })
                }
                allowDeselect={false}
                data-testid="preset-format"
              />
              <NumberInput
                label={t('renderPresets.audioTracks')}
                min={1}
                max={16}
                allowDecimal={false}
                value={draft.broadcast.audioTracks}
                onChange={(value) => change({ broadcast: { ...draft.broadcast, audioTracks: number(value) } })}
                error={fieldError('audioTracks')}
                data-testid="preset-audio-tracks"
              />
            </SimpleGrid>
          )}
          {draft.mode === 'advanced' && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select
                  label={t('renderPresets.container')}
                  data={options(containerNames)}
                  value={draft.advanced.container}
                  onChange={(value) =>
                    value && changeAdvanced({ container: value as TAdvancedPresetSettings['container'] })
                  }
                  allowDeselect={false}
                  error={fieldError('container')}
                  data-testid="preset-container"
                />
                <Select
                  label={t('renderPresets.videoCodec')}
                  data={options(videoCodecNames)}
                  value={draft.advanced.videoCodec}
                  onChange={(value) =>
                    value && changeAdvanced({ videoCodec: value as TAdvancedPresetSettings['videoCodec'] })
                  }
                  allowDeselect={false}
                  error={fieldError('videoCodec')}
                  data-testid="preset-video-codec"
                />
                <Select
                  label={t('renderPresets.audioCodec')}
                  data={options(audioCodecNames)}
                  value={draft.advanced.audioCodec}
                  onChange={(value) =>
                    value && changeAdvanced({ audioCodec: value as TAdvancedPresetSettings['audioCodec'] })
                  }
                  allowDeselect={false}
                  error={fieldError('audioCodec')}
                  data-testid="preset-audio-codec"
                />
              </SimpleGrid>
              <Text size="sm" fw={500}>
                {t('renderPresets.parameters')}
              </Text>
              <Text size="xs" c="dimmed" mt={-12}>
                {t('renderPresets.parametersHint')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 4 }}>{advancedParameterNames.map(parameterInput)}</SimpleGrid>
            </>
          )}
          {draft.mode === 'rewrap' && (
            <Select
              label={t('renderPresets.container')}
              data={options(containerNames)}
              value={draft.rewrap.container}
              onChange={(value) =>
                value &&
                change({ rewrap: { mode: 'rewrap', container: value as TAdvancedPresetSettings['container'] } })
              }
              allowDeselect={false}
              data-testid="preset-rewrap-container"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('renderPresets.fallback')}
              description={t('renderPresets.fallbackHint')}
              placeholder={t('renderPresets.noFallback')}
              data={fallbackOptions}
              value={draft.fallbackPresetId}
              onChange={(value) => change({ fallbackPresetId: value })}
              clearable
              required={draft.mode === 'rewrap'}
              error={fieldError('fallbackPresetId')}
              data-testid="preset-fallback-choice"
            />
            <TextInput
              label={t('renderPresets.startTimecode')}
              description={t('renderPresets.startTimecodeHint')}
              value={draft.startTimecode}
              onChange={(e) => change({ startTimecode: e.currentTarget.value })}
              error={fieldError('startTimecode')}
              ff="monospace"
              data-testid="preset-start-timecode"
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('renderPresets.capabilities')}
            value={draft.capabilities}
            onChange={(value) => change({ capabilities: value as TRenderPresetCapability[] })}
            error={fieldError('capabilities')}
          >
            <Group mt={4}>
              {renderPresetCapabilities.map((capability) => (
                <Checkbox
                  key={capability}
                  value={capability}
                  label={t(`renderPresets.capabilityNames.${capability}`)}
                  data-testid={`preset-capability-${capability}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch
            label={t('renderPresets.overrideStartTimecode')}
            checked={draft.overrideStartTimecode}
            onChange={(e) => change({ overrideStartTimecode: e.currentTarget.checked })}
            data-testid="preset-override"
          />
          <Switch
            label={t('renderPresets.hidden')}
            description={t('renderPresets.hiddenHint')}
            checked={draft.hidden}
            onChange={(e) => change({ hidden: e.currentTarget.checked })}
            error={fieldError('hidden')}
            data-testid="preset-hidden-switch"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="preset-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
