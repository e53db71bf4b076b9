/**
 * Render presets (spec section 3: id, name, hidden, fallback preset, start timecode, override start timecode,
 * capabilities, mode, default flag). Shared contract of the cutter/render work: the preset store, the render engine
 * and the console all read these types. Validation lives beside them (render-preset.validation.ts).
 */
export const renderPresetModes = ['generic', 'broadcast', 'advanced', 'rewrap'] as const;
export type TRenderPresetMode = (typeof renderPresetModes)[number];

/** What a preset may be used for; a render of a sequence needs 'render', a subclip export 'subclip'. */
export const renderPresetCapabilities = ['render', 'subclip', 'live'] as const;
export type TRenderPresetCapability = (typeof renderPresetCapabilities)[number];

/** H.264/AAC in MP4, for the web and for editors. */
export interface TGenericPresetSettings {
  mode: 'generic';
  /** Output height in lines (width follows the source's aspect ratio, even); null keeps the source size. */
  height: number | null;
  /** x264 constant rate factor (0–51). */
  crf: number;
  /** x264 preset name, e.g. 'veryfast'. */
  speed: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium' | 'slow';
  audioBitrateKbps: number;
}

/** XDCAM HD422-style MXF OP1a: MPEG-2 4:2:2 50 Mbit/s, 8 mono 24-bit PCM tracks, start timecode. */
export interface TBroadcastPresetSettings {
  mode: 'broadcast';
  format: '1080i50' | '1080p25';
  /** Mono 24-bit PCM tracks at 48 kHz; the source's channels fill the first ones, silence the rest. */
  audioTracks: number;
}

/** One value of the advanced allow-list: a codec, container and named parameters, never free ffmpeg arguments. */
export interface TAdvancedPresetSettings {
  mode: 'advanced';
  container: 'mp4' | 'mov' | 'mxf' | 'mkv';
  videoCodec: 'h264' | 'hevc' | 'prores' | 'dnxhd' | 'mpeg2video';
  audioCodec: 'aac' | 'pcm_s16le' | 'pcm_s24le';
  /** Allow-listed parameter names only (render-preset.validation.ts says which, and their ranges). */
  parameters: Record<string, string | number>;
}

/** Stream copy into another container when every source is compatible; otherwise the fallback preset renders. */
export interface TRewrapPresetSettings {
  mode: 'rewrap';
  container: 'mp4' | 'mov' | 'mxf' | 'mkv';
}

export type TRenderPresetSettings =
  | TGenericPresetSettings
  | TBroadcastPresetSettings
  | TAdvancedPresetSettings
  | TRewrapPresetSettings;

export interface TRenderPreset {
  id: string;
  tenantId: string;
  name: string;
  hidden: boolean;
  fallbackPresetId: string | null;
  /** The output's first timecode, 'HH:MM:SS:FF' (';' before frames for drop-frame), e.g. '10:00:00:00'. */
  startTimecode: string;
  /** When true the render request may name its own start timecode instead. */
  overrideStartTimecode: boolean;
  capabilities: TRenderPresetCapability[];
  isDefault: boolean;
  settings: TRenderPresetSettings;
}

/**
 * The advanced mode's allow-list: the only parameter names an advanced preset may carry, with their allowed values.
 * A number range is [min, max] inclusive; a list names the allowed strings. Anything else is refused when the preset
 * is saved, and the render engine maps only these to encoder options (never free ffmpeg arguments).
 */
export const advancedPresetParameters = {
  videoBitrateKbps: { kind: 'range', min: 500, max: 800_000 },
  crf: { kind: 'range', min: 0, max: 51 },
  gopFrames: { kind: 'range', min: 1, max: 600 },
  height: { kind: 'range', min: 144, max: 4320 },
  audioSampleRate: { kind: 'list', values: ['44100', '48000'] },
  audioChannels: { kind: 'range', min: 1, max: 16 },
  pixelFormat: { kind: 'list', values: ['yuv420p', 'yuv422p', 'yuv422p10le', 'yuv444p10le'] },
  profile: {
    kind: 'list',
    values: ['baseline', 'main', 'high', 'high422', 'main10', 'proxy', 'lt', 'standard', 'hq', '4444', 'dnxhr_lb', 'dnxhr_sq', 'dnxhr_hq', 'dnxhr_hqx', 'dnxhr_444'],
  },
} as const;
export type TAdvancedPresetParameter = keyof typeof advancedPresetParameters;
