import type { TRenderPresetSettings } from '@mam/core';
import { advancedEncoderArgs } from './render-encoders';
import { buildRenderGraph, type TRenderPiece } from './render-graph';
import { renderOutputFormat, samplesAtFrame } from './render-output';
import type { TRenderPlan, TRenderSourceFacts } from './render-plan.types';
import { groupSmartParts, matchesOutput, splitClip } from './render-smart';

const facts: TRenderSourceFacts = {
  videoCodec: 'h264',
  profile: 'High',
  pixelFormat: 'yuv420p',
  width: 1920,
  height: 1080,
  frameRate: '25/1',
  fieldOrder: 'progressive',
  audioCodec: 'aac',
  sampleRate: 48000,
  channels: 2,
  frameCount: 200,
  videoStreamIndex: 0,
  framePts: Array.from({ length: 200 }, (_, n) => n * 0.04),
  keyframes: [0, 50, 100, 150],
  cleanKeyframes: [0, 50, 100, 150],
  formatStartSeconds: 0,
  audioStreams: [{ index: 1, channels: 2 }],
};
const piece = (startFrame: number, endFrame: number): TRenderPiece => ({
  path: '/m/a.mp4',
  facts,
  startFrame,
  endFrame,
});
const generic: TRenderPresetSettings = {
  mode: 'generic',
  height: null,
  crf: 20,
  speed: 'veryfast',
  audioBitrateKbps: 128,
};
const plan = (settings: TRenderPresetSettings): TRenderPlan => ({
  sources: [{ path: '/m/a.mp4', inFrame: 10, outFrame: 60, facts }],
  settings,
  startTimecode: '10:00:00:00',
  outputPath: '/m/out',
});

describe('splitClip', () => {
  const range = (parts: ReturnType<typeof splitClip>) =>
    parts.map((p) => `${p.copy ? 'copy' : 'encode'} ${p.startFrame}-${p.endFrame}`);

  it('encodes the partial GOPs at the cuts and copies the whole GOPs between', () => {
    expect(range(splitClip(piece(10, 120), true))).toEqual(['encode 10-50', 'copy 50-100', 'encode 100-120']);
  });

  it('copies up to the end of the source and from a cut on a keyframe', () => {
    expect(range(splitClip(piece(50, 200), true))).toEqual(['copy 50-200']);
  });

  it('encodes a clip with no whole GOP inside, and a source that does not match', () => {
    expect(range(splitClip(piece(10, 90), true))).toEqual(['encode 10-90']);
    expect(range(splitClip(piece(10, 120), false))).toEqual(['encode 10-120']);
  });
});

describe('matchesOutput', () => {
  it('needs the same codec, profile family, size, rate and pixels', () => {
    const format = renderOutputFormat(plan(generic));
    expect(matchesOutput(facts, format)).toBe(true);
    expect(matchesOutput({ ...facts, frameRate: '50/1' }, format)).toBe(false);
    expect(matchesOutput({ ...facts, profile: 'High 4:2:2' }, format)).toBe(false);
    expect(matchesOutput(facts, renderOutputFormat(plan({ ...generic, height: 720 })))).toBe(false);
  });
});

describe('samplesAtFrame', () => {
  it('gives whole samples that never drift over many cuts', () => {
    const ntsc = { rate: { numerator: 30000, denominator: 1001 }, sampleRate: 48000 };
    expect(samplesAtFrame(1, { rate: { numerator: 25, denominator: 1 }, sampleRate: 48000 })).toBe(1920);
    expect(samplesAtFrame(5, ntsc)).toBe(8008);
    expect(samplesAtFrame(30_000, ntsc)).toBe(48_048_000);
  });
});

describe('buildRenderGraph', () => {
  it('trims between frame times, renumbers frames and cuts the audio at the frames’ samples', () => {
    const graph = buildRenderGraph([piece(10, 60)], renderOutputFormat(plan(generic)), { video: true, audio: true });
    expect(graph.filter).toContain('[0:0]trim=start=0.380000:end=2.380000');
    expect(graph.filter).toContain('atrim=start=0.400000');
    expect(graph.filter).toContain('apad=whole_len=96000,atrim=end_sample=96000');
    expect(graph.filter).toContain('settb=1/25,setpts=N');
    expect(graph.audioLabels).toEqual(['[aout]']);
  });

  it('gives a broadcast render one mono track per channel, silence after the sources’ channels', () => {
    const format = renderOutputFormat(plan({ mode: 'broadcast', format: '1080i50', audioTracks: 4 }));
    expect(format).toMatchObject({ channels: 2, monoTracks: 4, interlaced: true });
    const graph = buildRenderGraph([piece(10, 60)], format, { video: true, audio: true });
    expect(graph.audioLabels).toEqual(['[t0]', '[t1]', '[t2]', '[t3]']);
    expect(graph.filter).toContain('[s1]pan=mono|c0=c1[t1]');
    expect(graph.filter).toContain('anullsrc=r=48000:cl=mono,atrim=end_sample=96000');
    expect(graph.filter).toContain('setfield=tff');
  });
});

describe('advancedEncoderArgs', () => {
  const advanced = { mode: 'advanced', container: 'mov', videoCodec: 'h264', audioCodec: 'aac' } as const;

  it('maps allow-listed parameters to fixed encoder options', () => {
    expect(advancedEncoderArgs({ ...advanced, parameters: { crf: 18, gopFrames: 50, profile: 'high' } }).video).toEqual(
      ['-c:v', 'libx264', '-crf', '18', '-g', '50', '-profile:v', 'high'],
    );
  });

  it('refuses anything off the allow-list or out of range', () => {
    expect(() => advancedEncoderArgs({ ...advanced, parameters: { vf: 'movie=/etc/passwd' } })).toThrow(
      'unknown parameter',
    );
    expect(() => advancedEncoderArgs({ ...advanced, parameters: { crf: 99 } })).toThrow('out of range');
    expect(() => advancedEncoderArgs({ ...advanced, parameters: { profile: 'high -i x' } })).toThrow('not allowed');
  });
});

describe('groupSmartParts', () => {
  it('encodes a clip’s end and the next clip’s start in one run, and copies each whole-GOP part alone', () => {
    const parts = [
      ...splitClip(piece(10, 120), true),
      ...splitClip(piece(20, 60), true),
      ...splitClip(piece(60, 160), true),
    ];
    expect(
      groupSmartParts(parts).map((group) => group.map((p) => `${p.copy ? 'c' : 'e'}${p.startFrame}`).join(' ')),
    ).toEqual(['e10', 'c50', 'e100 e20 e60', 'c100', 'e150']);
  });
});
