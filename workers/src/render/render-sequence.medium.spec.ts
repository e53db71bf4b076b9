import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TRenderPresetSettings } from '@mam/core';
import { probeMedia } from '../media/probe-media';
import { probeRenderSource } from './probe-render-source';
import { isRewrapIncompatibleError } from './render-rewrap';
import { renderSequence } from './render-sequence';
import type { TRenderPlan, TRenderSourceFacts } from './render-plan.types';
import { compareWithSources, decodeAllFrames, decodeAudio, decodeFrames, psnr } from './testing/frame-check';
import { makeRenderSource } from './testing/render-fixtures';

jest.setTimeout(300_000);

const SMALL = { width: 320, height: 180 };
let dir: string;
let a: { path: string; facts: TRenderSourceFacts };
let b: { path: string; facts: TRenderSourceFacts };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-render-'));
  // A: stereo PCM, 4 s; B: a negated picture with mono PCM, 4 s. GOPs of 25 frames, closed, with B-frames.
  const [pathA, pathB] = await Promise.all([
    makeRenderSource(dir, { fileName: 'a.mov', seconds: 4 }),
    makeRenderSource(dir, { fileName: 'b.mov', seconds: 4, negate: true, audioChannels: 1 }),
  ]);
  a = { path: pathA, facts: await probeRenderSource(pathA) };
  b = { path: pathB, facts: await probeRenderSource(pathB) };
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Cuts off keyframes (every 25th frame), one clip running to the end of its source, one shorter than a GOP. */
function plan(settings: TRenderPresetSettings, outputName: string): TRenderPlan {
  return {
    sources: [
      { ...a, inFrame: 10, outFrame: 80 },
      { ...b, inFrame: 5, outFrame: 100 },
      { ...a, inFrame: 0, outFrame: 7 },
      { ...b, inFrame: 61, outFrame: 73 },
    ],
    settings,
    startTimecode: '10:00:00:00',
    outputPath: path.join(dir, outputName),
  };
}
const FRAMES = 70 + 95 + 7 + 12;

const generic: TRenderPresetSettings = {
  mode: 'generic',
  height: null,
  crf: 10,
  speed: 'ultrafast',
  audioBitrateKbps: 128,
};

/** Which output frames a plan's clips put where: [clip, source frame] for every output frame. */
function expectedFrames(renderPlan: TRenderPlan): Array<[number, number]> {
  return renderPlan.sources.flatMap((source, clip) =>
    Array.from({ length: source.outFrame - source.inFrame }, (_, n): [number, number] => [clip, source.inFrame + n]),
  );
}

describe('source probing', () => {
  it('finds every frame and the closed-GOP keyframes', () => {
    expect(a.facts.frameCount).toBe(100);
    expect(a.facts.keyframes).toEqual([0, 25, 50, 75]);
    expect(a.facts.cleanKeyframes).toEqual([0, 25, 50, 75]);
    expect(a.facts).toMatchObject({ videoCodec: 'h264', pixelFormat: 'yuv420p', frameRate: '25/1' });
    expect(['High', 'Main']).toContain(a.facts.profile);
    expect(b.facts.channels).toBe(1);
  });
});

describe('renderSequence, generic', () => {
  it('smart render copies whole GOPs, encodes the cuts, and every output frame is the source frame named', async () => {
    const renderPlan = plan(generic, 'smart.mp4');
    const progress: number[] = [];
    const result = await renderSequence(renderPlan, { onProgress: (p) => progress.push(p) });
    // A[10,80): 25..75 copied; B[5,100): 25..100 copied; the rest encoded.
    expect(result).toEqual({ frames: FRAMES, copiedFrames: 50 + 75 });
    expect(progress.at(-1)).toBe(100);

    const output = await decodeAllFrames(renderPlan.outputPath, SMALL);
    expect(output).toHaveLength(FRAMES);
    const expected = expectedFrames(renderPlan);
    const sources = await Promise.all(
      renderPlan.sources.map((source, clip) =>
        decodeFrames(
          source.path,
          expected.filter(([c]) => c === clip).map(([, frame]) => frame),
          SMALL,
        ),
      ),
    );
    const copied = (clip: number, frame: number) =>
      (clip === 0 && frame >= 25 && frame < 75) || (clip === 1 && frame >= 25 && frame < 100);
    expected.forEach(([clip, frame], n) => {
      const value = psnr(output[n]!, sources[clip]!.get(frame)!);
      if (copied(clip, frame)) expect({ n, value }).toEqual({ n, value: Infinity });
      else expect({ n, ok: value >= 45 }).toEqual({ n, ok: true });
    });

    const cuts = await compareWithSources(renderPlan, renderPlan.outputPath, SMALL);
    for (const cut of cuts) expect(cut.psnr).toBeGreaterThan(cut.neighbourPsnr + 5);

    const probe = await probeMedia(renderPlan.outputPath);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 320, height: 180, frameRate: '25/1' });
    expect(probe.audio).toMatchObject({ codec: 'aac', channels: 2, sampleRate: 48000 });
    expect(probe.timecodeStart).toBe('10:00:00:00');
    expect(Math.abs(probe.durationSeconds! - FRAMES / 25)).toBeLessThan(0.05);
  });

  it('a full re-encode gives the same frames', async () => {
    const renderPlan = plan(generic, 'full.mp4');
    const result = await renderSequence(renderPlan, { smart: false });
    expect(result).toEqual({ frames: FRAMES, copiedFrames: 0 });
    const output = await decodeAllFrames(renderPlan.outputPath, SMALL);
    expect(output).toHaveLength(FRAMES);
    const cuts = await compareWithSources(renderPlan, renderPlan.outputPath, SMALL);
    for (const cut of cuts) {
      expect(cut.psnr).toBeGreaterThanOrEqual(45);
      expect(cut.psnr).toBeGreaterThan(cut.neighbourPsnr + 5);
    }
  });
});

describe('renderSequence, open GOPs and cancelling', () => {
  it('never starts a copy at an open-GOP keyframe, and stays frame accurate there', async () => {
    const file = await makeRenderSource(dir, {
      fileName: 'open.mov',
      seconds: 4,
      x264Params: 'open-gop=1',
      preset: 'veryfast',
    });
    const open = { path: file, facts: await probeRenderSource(file) };
    // x264's open GOPs: every keyframe after the first has leading B-frames that refer to the GOP before.
    expect(open.facts.keyframes.length).toBeGreaterThan(1);
    expect(open.facts.cleanKeyframes).toEqual([0]);
    const renderPlan: TRenderPlan = {
      sources: [
        { ...open, inFrame: 3, outFrame: 60 },
        { ...open, inFrame: 0, outFrame: 40 },
      ],
      settings: generic,
      startTimecode: '00:00:00:00',
      outputPath: path.join(dir, 'open.mp4'),
    };
    // Clip 2 starts at the clean frame 0 but its GOP ends at an open keyframe: nothing whole to copy.
    expect(await renderSequence(renderPlan)).toEqual({ frames: 97, copiedFrames: 0 });
    expect(await decodeAllFrames(renderPlan.outputPath, SMALL)).toHaveLength(97);
    const cuts = await compareWithSources(renderPlan, renderPlan.outputPath, SMALL);
    for (const cut of cuts) expect(cut.psnr).toBeGreaterThan(cut.neighbourPsnr + 5);
  });

  it('stops ffmpeg and rejects when the signal aborts', async () => {
    const controller = new AbortController();
    const renderPlan = plan({ mode: 'broadcast', format: '1080p25', audioTracks: 8 }, 'cancelled.mxf');
    const rendering = renderSequence(renderPlan, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by the test')), 300);
    await expect(rendering).rejects.toThrow('cancelled by the test');
  });
});

describe('renderSequence, broadcast', () => {
  it('writes an XDCAM HD422-style 1080i50 MXF OP1a, frame and sample accurate', async () => {
    const renderPlan = plan({ mode: 'broadcast', format: '1080i50', audioTracks: 8 }, 'broadcast.mxf');
    await renderSequence(renderPlan);
    const probe = await probeMedia(renderPlan.outputPath);
    expect(probe.formatName).toBe('mxf');
    expect(probe.video).toMatchObject({
      codec: 'mpeg2video',
      profile: '4:2:2',
      pixelFormat: 'yuv422p',
      width: 1920,
      height: 1080,
      frameRate: '25/1',
      fieldOrder: 'tff',
    });
    expect(probe.audioTracks).toHaveLength(8);
    for (const track of probe.audioTracks) {
      expect(track).toMatchObject({ codec: 'pcm_s24le', channels: 1, sampleRate: 48000, bitDepth: 24 });
    }
    expect(probe.timecodeStart).toBe('10:00:00:00');
    expect(await decodeAllFrames(renderPlan.outputPath, SMALL)).toHaveLength(FRAMES);

    const cuts = await compareWithSources(renderPlan, renderPlan.outputPath, SMALL);
    for (const cut of cuts) expect(cut.psnr).toBeGreaterThan(cut.neighbourPsnr + 5);

    // Sample accuracy: track 1 and 2 are the sources' channels, cut at 1920 samples a frame; B is mono (silence on 2).
    const track = (n: number) => decodeAudio(renderPlan.outputPath, probe.audioTracks[n - 1]!.index);
    const [track1, track2, track8] = [await track(1), await track(2), await track(8)];
    expect(track1).toHaveLength(FRAMES * 1920);
    expect(track8.every((sample) => sample === 0)).toBe(true);
    const sourceAudio = new Map([
      [a.path, await decodeAudio(a.path, a.facts.audioStreams[0]!.index)],
      [b.path, await decodeAudio(b.path, b.facts.audioStreams[0]!.index)],
    ]);
    let at = 0;
    for (const source of renderPlan.sources) {
      const channels = source.facts.channels!;
      const samples = sourceAudio.get(source.path)!;
      const length = (source.outFrame - source.inFrame) * 1920;
      const first = source.inFrame * 1920;
      const channel = (c: number) => Array.from({ length }, (_, n) => samples[(first + n) * channels + c]!);
      expect(Array.from(track1.subarray(at, at + length))).toEqual(channel(0));
      const second = Array.from(track2.subarray(at, at + length));
      expect(second).toEqual(channels > 1 ? channel(1) : new Array<number>(length).fill(0));
      at += length;
    }
  });
});

describe('renderSequence, rewrap and advanced', () => {
  it('rewraps GOP-aligned cuts by stream copy, frames identical and PCM cut at the exact samples', async () => {
    const renderPlan: TRenderPlan = {
      sources: [
        { ...a, inFrame: 25, outFrame: 75 },
        { ...a, inFrame: 50, outFrame: 100 },
      ],
      settings: { mode: 'rewrap', container: 'mkv' },
      startTimecode: '01:00:00:00',
      outputPath: path.join(dir, 'rewrap.mkv'),
    };
    expect(await renderSequence(renderPlan)).toEqual({ frames: 100, copiedFrames: 100 });
    const cuts = await compareWithSources(renderPlan, renderPlan.outputPath, SMALL, () => true);
    for (const cut of cuts) expect(cut.psnr).toBe(Infinity);
    const output = await decodeAudio(renderPlan.outputPath, 1);
    const source = await decodeAudio(a.path, a.facts.audioStreams[0]!.index);
    expect(Array.from(output)).toEqual([
      ...Array.from(source.subarray(25 * 1920 * 2, 75 * 1920 * 2)),
      ...Array.from(source.subarray(50 * 1920 * 2, 100 * 1920 * 2)),
    ]);
  });

  it('refuses a rewrap whose cuts are not on keyframes, naming why, so the fallback preset can render', async () => {
    const renderPlan = { ...plan({ mode: 'rewrap', container: 'mp4' }, 'refused.mp4') };
    const error: unknown = await renderSequence(renderPlan).catch((e: unknown) => e);
    expect(isRewrapIncompatibleError(error)).toBe(true);
    const codes = isRewrapIncompatibleError(error) ? error.reasons.map((reason) => reason.code) : [];
    expect(codes).toContain('cut-not-on-keyframe');
    expect(codes).toContain('audio-codec-not-allowed');
  });

  it('renders an advanced preset with allow-listed parameters only', async () => {
    const renderPlan = plan(
      {
        mode: 'advanced',
        container: 'mov',
        videoCodec: 'prores',
        audioCodec: 'pcm_s24le',
        parameters: { profile: 'proxy', height: 144, audioChannels: 4 },
      },
      'advanced.mov',
    );
    await renderSequence(renderPlan);
    const probe = await probeMedia(renderPlan.outputPath);
    expect(probe.video).toMatchObject({ codec: 'prores', profile: 'Proxy', height: 144, width: 256 });
    expect(probe.audio).toMatchObject({ codec: 'pcm_s24le', channels: 4 });
    expect(await decodeAllFrames(renderPlan.outputPath, SMALL)).toHaveLength(FRAMES);
    await expect(
      renderSequence({
        ...renderPlan,
        settings: { ...renderPlan.settings, parameters: { filter: 'movie=/etc/passwd' } } as TRenderPresetSettings,
      }),
    ).rejects.toThrow('unknown parameter: filter');
  });
});
