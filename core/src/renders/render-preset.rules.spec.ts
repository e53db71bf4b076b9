import { AppError } from '../errors/app-error';
import { defaultRenderPresets } from './default-render-presets';
import {
  assertCanDeleteDefault,
  assertCanDeletePreset,
  assertNoFallbackCycle,
  defaultPresetOf,
  fallbackCycle,
  parseRenderPresetInput,
  presetDeletionRefusals,
} from './render-preset.rules';

const FALLBACK = '00000000-0000-4000-8000-000000000001';
const base = {
  name: 'Web',
  hidden: false,
  fallbackPresetId: null,
  startTimecode: '00:00:00:00',
  overrideStartTimecode: false,
  capabilities: ['render'],
  settings: { mode: 'generic', height: 720, crf: 23, speed: 'veryfast', audioBitrateKbps: 128 },
};

function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('render preset input', () => {
  it('accepts every default preset', () => {
    for (const { preset, fallbackKey } of defaultRenderPresets()) {
      expect(() =>
        parseRenderPresetInput({ ...preset, fallbackPresetId: fallbackKey ? FALLBACK : null }),
      ).not.toThrow();
    }
  });

  it.each([['24:00:00:00'], ['10:60:00:00'], ['10:00:00'], ['10:00:00:60'], ['ten o’clock']])(
    'refuses the start timecode %s',
    (startTimecode) => {
      const error = refusal(() => parseRenderPresetInput({ ...base, startTimecode }));
      expect(error.code).toBe('RENDER_PRESET_INVALID');
      expect(error.issues.map((issue) => issue.path)).toEqual(['startTimecode']);
    },
  );

  it('accepts drop-frame timecode, but not in the 25 fps broadcast formats', () => {
    expect(parseRenderPresetInput({ ...base, startTimecode: '01:00:00;02' }).startTimecode).toBe('01:00:00;02');
    const broadcast = { ...base, settings: { mode: 'broadcast', format: '1080i50', audioTracks: 8 } };
    expect(parseRenderPresetInput({ ...broadcast, startTimecode: '10:00:00:24' }).settings.mode).toBe('broadcast');
    for (const startTimecode of ['10:00:00;00', '10:00:00:25']) {
      const error = refusal(() => parseRenderPresetInput({ ...broadcast, startTimecode }));
      expect(error.issues.map((issue) => issue.path)).toEqual(['startTimecode']);
    }
  });

  it('refuses settings that belong to another mode', () => {
    const error = refusal(() =>
      parseRenderPresetInput({ ...base, settings: { mode: 'broadcast', format: '1080i50', audioTracks: 8, crf: 20 } }),
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['settings.crf']);
  });

  const advanced = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    ...base,
    settings: {
      mode: 'advanced',
      container: 'mov',
      videoCodec: 'prores',
      audioCodec: 'pcm_s24le',
      parameters,
      ...extra,
    },
  });

  it('takes advanced parameters from the allow-list only, with their values', () => {
    const saved = parseRenderPresetInput(advanced({ profile: 'hq', gopFrames: 12, audioSampleRate: '48000' }));
    expect(saved.settings).toMatchObject({ parameters: { profile: 'hq', gopFrames: 12 } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ filter_complex: 'movie=/etc/passwd' }, 'settings.parameters.filter_complex'],
      [{ i: 'http://example.com/a.mp4' }, 'settings.parameters.i'],
      [{ gopFrames: 0 }, 'settings.parameters.gopFrames'],
      [{ gopFrames: 12.5 }, 'settings.parameters.gopFrames'],
      [{ gopFrames: '12' }, 'settings.parameters.gopFrames'],
      [{ pixelFormat: 'rgb24' }, 'settings.parameters.pixelFormat'],
      [{ profile: 'high' }, 'settings.parameters.profile'],
      [{ crf: 18 }, 'settings.parameters.crf'],
    ];
    for (const [parameters, path] of cases) {
      expect(refusal(() => parseRenderPresetInput(advanced(parameters))).issues.map((issue) => issue.path)).toEqual([
        path,
      ]);
    }
  });

  it('refuses codecs the container cannot carry', () => {
    const error = refusal(() =>
      parseRenderPresetInput(advanced({}, { container: 'mp4', videoCodec: 'prores', audioCodec: 'pcm_s24le' })),
    );
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['settings.audioCodec', 'settings.videoCodec']);
  });

  it('wants a fallback for a rewrap', () => {
    const rewrap = { ...base, settings: { mode: 'rewrap', container: 'mxf' } };
    expect(refusal(() => parseRenderPresetInput(rewrap)).issues.map((issue) => issue.path)).toEqual([
      'fallbackPresetId',
    ]);
    expect(parseRenderPresetInput({ ...rewrap, fallbackPresetId: FALLBACK }).fallbackPresetId).toBe(FALLBACK);
  });
});

describe('fallback cycles', () => {
  const presets = [
    { id: 'a', fallbackPresetId: 'b' },
    { id: 'b', fallbackPresetId: 'c' },
    { id: 'c', fallbackPresetId: null },
  ];

  it('finds the way back to the preset', () => {
    expect(fallbackCycle(presets, 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(fallbackCycle(presets, 'a', 'a')).toEqual(['a']);
    expect(refusal(() => assertNoFallbackCycle(presets, 'c', 'b')).code).toBe('RENDER_PRESET_FALLBACK_CYCLE');
  });

  it('lets chains that end through', () => {
    expect(fallbackCycle(presets, 'a', 'c')).toBeNull();
    expect(fallbackCycle(presets, 'new', 'a')).toBeNull();
    expect(fallbackCycle(presets, 'c', null)).toBeNull();
  });
});

describe('deleting a preset', () => {
  const presets = [
    { id: 'web', name: 'Web', fallbackPresetId: null },
    { id: 'rewrap', name: 'Rewrap', fallbackPresetId: 'web' },
    { id: 'other', name: 'Other rewrap', fallbackPresetId: 'web' },
  ];

  it('names every reason at once', () => {
    const error = refusal(() =>
      assertCanDeletePreset('web', { presets, subclipPresetId: 'web', liveSources: ['Studio 1'] }),
    );
    expect(error.code).toBe('RENDER_PRESET_IN_USE');
    expect(error.params).toEqual({ presets: 'Rewrap, Other rewrap', sources: 'Studio 1' });
    expect(error.issues.map((issue) => [issue.code, issue.message])).toEqual([
      ['RENDER_PRESET_USED_AS_FALLBACK', 'It is the fallback preset of Rewrap, Other rewrap.'],
      ['RENDER_PRESET_USED_FOR_SUBCLIPS', 'It is used for subclipping.'],
      ['RENDER_PRESET_USED_BY_LIVE_SOURCE', 'The live source Studio 1 uses it.'],
    ]);
  });

  it('lets an unused preset go', () => {
    expect(presetDeletionRefusals('rewrap', { presets, subclipPresetId: 'web', liveSources: [] })).toEqual([]);
    expect(() => assertCanDeletePreset('rewrap', { presets, subclipPresetId: null, liveSources: [] })).not.toThrow();
  });

  it('keeps the default while there are others', () => {
    expect(refusal(() => assertCanDeleteDefault({ isDefault: true }, 2)).code).toBe('RENDER_PRESET_DEFAULT_DELETE');
    expect(() => assertCanDeleteDefault({ isDefault: true }, 1)).not.toThrow();
    expect(() => assertCanDeleteDefault({ isDefault: false }, 2)).not.toThrow();
  });
});

describe('the default preset', () => {
  it('is the one flagged, and only when exactly one is', () => {
    expect(defaultPresetOf([{ isDefault: false }, { isDefault: true }])).toEqual({ isDefault: true });
    expect(defaultPresetOf([{ isDefault: true }, { isDefault: true }])).toBeNull();
    expect(defaultPresetOf([])).toBeNull();
    expect(defaultRenderPresets().filter((preset) => preset.isDefault)).toHaveLength(1);
  });
});
