import {
  advancedPresetParameters,
  type TAdvancedPresetParameter,
  type TAdvancedPresetSettings,
  type TBroadcastPresetSettings,
  type TGenericPresetSettings,
  type TRenderPreset,
  type TRenderPresetCapability,
  type TRenderPresetMode,
  type TRewrapPresetSettings,
} from '@mam/core';

/**
 * The editor's state: the settings of every mode are kept, so switching the mode back and forth loses nothing;
 * only the chosen mode's settings are saved.
 */
export interface TPresetDraft {
  name: string;
  hidden: boolean;
  fallbackPresetId: string | null;
  startTimecode: string;
  overrideStartTimecode: boolean;
  capabilities: TRenderPresetCapability[];
  mode: TRenderPresetMode;
  generic: TGenericPresetSettings;
  broadcast: TBroadcastPresetSettings;
  advanced: TAdvancedPresetSettings;
  rewrap: TRewrapPresetSettings;
}

export const advancedParameterNames = Object.keys(advancedPresetParameters) as TAdvancedPresetParameter[];

const fresh = (): Omit<TPresetDraft, 'mode'> => ({
  name: '',
  hidden: false,
  fallbackPresetId: null,
  startTimecode: '00:00:00:00',
  overrideStartTimecode: false,
  capabilities: ['render'],
  generic: { mode: 'generic', height: null, crf: 23, speed: 'veryfast', audioBitrateKbps: 192 },
  broadcast: { mode: 'broadcast', format: '1080i50', audioTracks: 8 },
  advanced: { mode: 'advanced', container: 'mov', videoCodec: 'prores', audioCodec: 'pcm_s24le', parameters: {} },
  rewrap: { mode: 'rewrap', container: 'mov' },
});

export function draftOf(preset: TRenderPreset | null): TPresetDraft {
  const draft: TPresetDraft = { ...fresh(), mode: 'generic' };
  if (!preset) return draft;
  return {
    ...draft,
    name: preset.name,
    hidden: preset.hidden,
    fallbackPresetId: preset.fallbackPresetId,
    startTimecode: preset.startTimecode,
    overrideStartTimecode: preset.overrideStartTimecode,
    capabilities: [...preset.capabilities],
    mode: preset.settings.mode,
    [preset.settings.mode]: preset.settings,
  };
}

/** What the server is sent: the chosen mode's settings only, and no empty advanced parameter. */
export function inputOf(draft: TPresetDraft) {
  const settings =
    draft.mode === 'advanced'
      ? {
          ...draft.advanced,
          parameters: Object.fromEntries(
            Object.entries(draft.advanced.parameters).filter(([, value]) => value !== '' && value !== undefined),
          ),
        }
      : draft[draft.mode];
  return {
    name: draft.name.trim(),
    hidden: draft.hidden,
    fallbackPresetId: draft.fallbackPresetId,
    startTimecode: draft.startTimecode.trim(),
    overrideStartTimecode: draft.overrideStartTimecode,
    capabilities: draft.capabilities,
    settings,
  };
}

/** The draft's field a server issue path points at ('settings.parameters.crf' → the crf parameter's field). */
export function fieldOfIssue(path: string): string {
  return path.startsWith('settings.') ? path.slice('settings.'.length) : path;
}
