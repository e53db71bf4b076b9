import type { TRenderPresetInput } from './render-preset.rules';

/** A preset of the default set; `fallbackKey` names another one of the set (ids exist only once stored). */
export interface TDefaultRenderPreset {
  key: string;
  isDefault: boolean;
  fallbackKey: string | null;
  preset: Omit<TRenderPresetInput, 'fallbackPresetId'>;
}

/**
 * What every tenant starts with (provisioning; the migration that added presets gave existing tenants the same):
 * a web render for everyone, the broadcast house formats, a mastering format and a rewrap that falls back to the
 * web render when the sources do not suit it.
 */
export function defaultRenderPresets(): TDefaultRenderPreset[] {
  const plain = { hidden: false, startTimecode: '00:00:00:00', overrideStartTimecode: true };
  const broadcast = { hidden: false, startTimecode: '10:00:00:00', overrideStartTimecode: true };
  return [
    {
      key: 'web',
      isDefault: true,
      fallbackKey: null,
      preset: {
        ...plain,
        name: 'Web MP4 (H.264)',
        capabilities: ['render', 'subclip'],
        settings: { mode: 'generic', height: null, crf: 23, speed: 'veryfast', audioBitrateKbps: 192 },
      },
    },
    {
      key: 'xdcam-1080i50',
      isDefault: false,
      fallbackKey: null,
      preset: {
        ...broadcast,
        name: 'XDCAM HD422 1080i50',
        capabilities: ['render', 'live'],
        settings: { mode: 'broadcast', format: '1080i50', audioTracks: 8 },
      },
    },
    {
      key: 'xdcam-1080p25',
      isDefault: false,
      fallbackKey: null,
      preset: {
        ...broadcast,
        name: 'XDCAM HD422 1080p25',
        capabilities: ['render', 'live'],
        settings: { mode: 'broadcast', format: '1080p25', audioTracks: 8 },
      },
    },
    {
      key: 'prores-hq',
      isDefault: false,
      fallbackKey: null,
      preset: {
        ...plain,
        name: 'ProRes 422 HQ (MOV)',
        capabilities: ['render'],
        settings: {
          mode: 'advanced',
          container: 'mov',
          videoCodec: 'prores',
          audioCodec: 'pcm_s24le',
          parameters: { profile: 'hq', pixelFormat: 'yuv422p10le', audioSampleRate: '48000' },
        },
      },
    },
    {
      key: 'rewrap-mov',
      isDefault: false,
      fallbackKey: 'web',
      preset: {
        ...plain,
        name: 'Rewrap to MOV',
        capabilities: ['render', 'subclip'],
        settings: { mode: 'rewrap', container: 'mov' },
      },
    },
  ];
}
