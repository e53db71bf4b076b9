import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { formatErrorMessage, type ErrorCode } from '../errors/error-catalogue';
import { toAppIssues, type AppIssue } from '../validation/zod-issues';
import {
  advancedPresetParameters,
  renderPresetCapabilities,
  type TAdvancedPresetParameter,
  type TAdvancedPresetSettings,
  type TRenderPreset,
  type TRenderPresetSettings,
} from './render-preset.types';

export const RENDER_PRESET_NAME_MAX = 100;
export const BROADCAST_AUDIO_TRACKS_MAX = 16;

/**
 * 'HH:MM:SS:FF', ';' before the frames for drop-frame. The preset does not know the output's rate, so frames are
 * checked against the fastest rate the product renders (60); the broadcast formats are 25 fps and say so below.
 */
const startTimecodePattern = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d[:;]([0-5]\d)$/;

export const ZStartTimecode = z
  .string()
  .trim()
  .regex(startTimecodePattern, 'Enter a timecode as HH:MM:SS:FF, for example 10:00:00:00');

export const ZGenericPresetSettings = z.strictObject({
  mode: z.literal('generic'),
  height: z.number().int().min(144).max(4320).nullable(),
  crf: z.number().int().min(0).max(51),
  speed: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow']),
  audioBitrateKbps: z.number().int().min(32).max(512),
});

export const ZBroadcastPresetSettings = z.strictObject({
  mode: z.literal('broadcast'),
  format: z.enum(['1080i50', '1080p25']),
  audioTracks: z.number().int().min(1).max(BROADCAST_AUDIO_TRACKS_MAX),
});

const containers = ['mp4', 'mov', 'mxf', 'mkv'] as const;
const videoCodecs = ['h264', 'hevc', 'prores', 'dnxhd', 'mpeg2video'] as const;
const audioCodecs = ['aac', 'pcm_s16le', 'pcm_s24le'] as const;
type TContainer = (typeof containers)[number];
type TVideoCodec = (typeof videoCodecs)[number];

/** What each container can carry in the muxers the render engine uses; anything else would fail mid-render. */
const containerVideo: Record<TContainer, readonly TVideoCodec[]> = {
  mp4: ['h264', 'hevc', 'mpeg2video'],
  mov: videoCodecs,
  mxf: ['mpeg2video', 'dnxhd'],
  mkv: videoCodecs,
};
const containerAudio: Record<TContainer, readonly (typeof audioCodecs)[number][]> = {
  mp4: ['aac'],
  mov: audioCodecs,
  mxf: ['pcm_s16le', 'pcm_s24le'],
  mkv: audioCodecs,
};
/** The allow-list's profiles split by the codec they belong to. */
const codecProfiles: Record<TVideoCodec, readonly string[]> = {
  h264: ['baseline', 'main', 'high', 'high422'],
  hevc: ['main', 'main10'],
  prores: ['proxy', 'lt', 'standard', 'hq', '4444'],
  dnxhd: ['dnxhr_lb', 'dnxhr_sq', 'dnxhr_hq', 'dnxhr_hqx', 'dnxhr_444'],
  mpeg2video: ['main', 'high422'],
};
const crfCodecs: ReadonlySet<TVideoCodec> = new Set(['h264', 'hevc']);

const isAllowedParameter = (name: string): name is TAdvancedPresetParameter =>
  Object.prototype.hasOwnProperty.call(advancedPresetParameters, name);

/** Why one advanced parameter is refused, or null when the allow-list accepts it. */
export function advancedParameterProblem(name: string, value: unknown): string | null {
  if (!isAllowedParameter(name)) return `"${name}" is not an allowed parameter`;
  const rule = advancedPresetParameters[name];
  if (rule.kind === 'range') {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min || value > rule.max) {
      return `${name} must be a whole number from ${rule.min} to ${rule.max}`;
    }
    return null;
  }
  const values: readonly string[] = rule.values;
  return typeof value === 'string' && values.includes(value) ? null : `${name} must be one of ${values.join(', ')}`;
}

export const ZAdvancedPresetSettings = z
  .strictObject({
    mode: z.literal('advanced'),
    container: z.enum(containers),
    videoCodec: z.enum(videoCodecs),
    audioCodec: z.enum(audioCodecs),
    parameters: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .superRefine((settings, context) => {
    for (const [name, value] of Object.entries(settings.parameters)) {
      const problem = advancedParameterProblem(name, value);
      if (problem) context.addIssue({ code: 'custom', path: ['parameters', name], message: problem });
    }
    if (!containerVideo[settings.container].includes(settings.videoCodec)) {
      const message = `${settings.container} cannot carry ${settings.videoCodec}`;
      context.addIssue({ code: 'custom', path: ['videoCodec'], message });
    }
    if (!containerAudio[settings.container].includes(settings.audioCodec)) {
      const message = `${settings.container} cannot carry ${settings.audioCodec}`;
      context.addIssue({ code: 'custom', path: ['audioCodec'], message });
    }
    const profile = settings.parameters.profile;
    if (typeof profile === 'string' && !codecProfiles[settings.videoCodec].includes(profile)) {
      const message = `${settings.videoCodec} has no profile ${profile}`;
      context.addIssue({ code: 'custom', path: ['parameters', 'profile'], message });
    }
    if ('crf' in settings.parameters && !crfCodecs.has(settings.videoCodec)) {
      const message = `${settings.videoCodec} has no constant rate factor`;
      context.addIssue({ code: 'custom', path: ['parameters', 'crf'], message });
    }
  });

export const ZRewrapPresetSettings = z.strictObject({
  mode: z.literal('rewrap'),
  container: z.enum(containers),
});

export const ZRenderPresetSettings = z.discriminatedUnion('mode', [
  ZGenericPresetSettings,
  ZBroadcastPresetSettings,
  ZAdvancedPresetSettings,
  ZRewrapPresetSettings,
]);

/** What an administrator saves; the id, tenant and default flag are the store's. */
export const ZRenderPresetInput = z
  .strictObject({
    name: z.string().trim().min(1).max(RENDER_PRESET_NAME_MAX),
    hidden: z.boolean(),
    fallbackPresetId: z.uuid().nullable(),
    startTimecode: ZStartTimecode,
    overrideStartTimecode: z.boolean(),
    capabilities: z.array(z.enum(renderPresetCapabilities)).min(1),
    settings: ZRenderPresetSettings,
  })
  .superRefine((preset, context) => {
    if (new Set(preset.capabilities).size !== preset.capabilities.length) {
      context.addIssue({ code: 'custom', path: ['capabilities'], message: 'A capability is named twice' });
    }
    if (preset.settings.mode === 'broadcast' && !isBroadcastTimecode(preset.startTimecode)) {
      const message = 'Broadcast presets run at 25 frames per second: use ":" and frames 00 to 24';
      context.addIssue({ code: 'custom', path: ['startTimecode'], message });
    }
    // A rewrap only works when every source already suits the container; the fallback renders the rest.
    if (preset.settings.mode === 'rewrap' && preset.fallbackPresetId === null) {
      const message = 'A rewrap preset needs a fallback preset for sources it cannot rewrap';
      context.addIssue({ code: 'custom', path: ['fallbackPresetId'], message });
    }
  });

export type TRenderPresetInput = z.output<typeof ZRenderPresetInput>;

function isBroadcastTimecode(timecode: string): boolean {
  const match = startTimecodePattern.exec(timecode.trim());
  return !!match && !timecode.includes(';') && Number(match[2]) < 25;
}

/** A preset as an administrator sends it, checked, or RENDER_PRESET_INVALID naming each problem's field. */
export function parseRenderPresetInput(input: unknown): TRenderPresetInput {
  const parsed = ZRenderPresetInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError('RENDER_PRESET_INVALID', { issues: toAppIssues(parsed.error, 'RENDER_PRESET_INVALID') });
  }
  return parsed.data;
}

/** Settings read back from storage: the same schema, so a stored preset the engine gets is always a valid one. */
export function parseStoredPresetSettings(settings: unknown): TRenderPresetSettings | null {
  const parsed = ZRenderPresetSettings.safeParse(settings);
  return parsed.success ? (parsed.data as TRenderPresetSettings) : null;
}

/** The advanced settings' parameters narrowed to the allow-list (they are checked when saved). */
export function advancedParameters(
  settings: TAdvancedPresetSettings,
): Partial<Record<TAdvancedPresetParameter, string | number>> {
  return Object.fromEntries(Object.entries(settings.parameters).filter(([name]) => isAllowedParameter(name)));
}

type TFallbackLink = Pick<TRenderPreset, 'id' | 'fallbackPresetId'>;

/**
 * The presets `presetId` would pass through before reaching itself again, if giving it `fallbackPresetId` closes
 * a loop (a render would never find a preset that works); null when the chain ends.
 */
export function fallbackCycle(
  presets: readonly TFallbackLink[],
  presetId: string,
  fallbackPresetId: string | null,
): string[] | null {
  const next = new Map(presets.map((preset) => [preset.id, preset.fallbackPresetId]));
  next.set(presetId, fallbackPresetId);
  const path = [presetId];
  const seen = new Set(path);
  let current = fallbackPresetId;
  while (current !== null && current !== undefined) {
    if (current === presetId) return path;
    // A loop that does not include this preset was refused when it was made; stop rather than spin.
    if (seen.has(current)) return null;
    seen.add(current);
    path.push(current);
    current = next.get(current) ?? null;
  }
  return null;
}

export function assertNoFallbackCycle(
  presets: readonly TFallbackLink[],
  presetId: string,
  fallbackPresetId: string | null,
): void {
  if (fallbackCycle(presets, presetId, fallbackPresetId)) throw new AppError('RENDER_PRESET_FALLBACK_CYCLE');
}

export interface TPresetDeletionContext {
  presets: readonly Pick<TRenderPreset, 'id' | 'name' | 'fallbackPresetId'>[];
  /** The tenant's subclip preset, if it has one. */
  subclipPresetId: string | null;
  /** The live sources recording with this preset (names); live sources arrive with the live issue. */
  liveSources: readonly string[];
}

const issue = (path: string, code: ErrorCode, params: Record<string, string> = {}): AppIssue => ({
  path,
  code,
  message: formatErrorMessage(code, params),
});

/** The reasons a preset may not be deleted now (spec section 5), as issues; empty when it may go. */
export function presetDeletionRefusals(presetId: string, context: TPresetDeletionContext): AppIssue[] {
  const refusals: AppIssue[] = [];
  const fallbackOf = context.presets.filter((preset) => preset.id !== presetId && preset.fallbackPresetId === presetId);
  if (fallbackOf.length > 0) {
    const presets = fallbackOf.map((preset) => preset.name).join(', ');
    refusals.push(issue('fallbackPresetId', 'RENDER_PRESET_USED_AS_FALLBACK', { presets }));
  }
  if (context.subclipPresetId === presetId) {
    refusals.push(issue('subclip', 'RENDER_PRESET_USED_FOR_SUBCLIPS'));
  }
  if (context.liveSources.length > 0) {
    refusals.push(
      issue('liveSources', 'RENDER_PRESET_USED_BY_LIVE_SOURCE', { sources: context.liveSources.join(', ') }),
    );
  }
  return refusals;
}

/** Refuses the deletion with every reason at once, and the names the console shows beside them. */
export function assertCanDeletePreset(presetId: string, context: TPresetDeletionContext): void {
  const issues = presetDeletionRefusals(presetId, context);
  if (issues.length === 0) return;
  const presets = context.presets
    .filter((preset) => preset.id !== presetId && preset.fallbackPresetId === presetId)
    .map((preset) => preset.name)
    .join(', ');
  throw new AppError('RENDER_PRESET_IN_USE', { issues, params: { presets, sources: context.liveSources.join(', ') } });
}

/**
 * The tenant has exactly one default while it has presets: the first preset becomes it, and the default goes
 * only by naming another one (or with the last preset).
 */
export function assertCanDeleteDefault(preset: Pick<TRenderPreset, 'isDefault'>, presetCount: number): void {
  if (preset.isDefault && presetCount > 1) throw new AppError('RENDER_PRESET_DEFAULT_DELETE');
}

/** Nobody choosing a preset would see a hidden default, so the default stays visible. */
export function assertDefaultVisible(preset: Pick<TRenderPreset, 'isDefault' | 'hidden'>): void {
  if (preset.isDefault && preset.hidden) throw new AppError('RENDER_PRESET_DEFAULT_HIDDEN');
}

/** Which of the presets is the default; more or fewer than one is a broken store, not a choice. */
export function defaultPresetOf<T extends Pick<TRenderPreset, 'isDefault'>>(presets: readonly T[]): T | null {
  const defaults = presets.filter((preset) => preset.isDefault);
  return defaults.length === 1 ? defaults[0]! : null;
}
