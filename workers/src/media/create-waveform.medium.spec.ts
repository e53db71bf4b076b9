import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWaveform, type TWaveform } from './create-waveform';
import { probeMedia } from './probe-media';
import { makeAudio, makeVideo } from './testing/media-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-waveform-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createWaveform', () => {
  it('writes min/max peaks of the sound, 100 pairs a second', async () => {
    const input = await makeAudio(dir, { fileName: 'tone.wav', seconds: 3, channels: 1 });
    const outDir = path.join(dir, 'audio');
    const progress: number[] = [];
    const result = await createWaveform({
      input,
      outDir,
      probe: await probeMedia(input),
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ file: 'waveform.json', files: ['waveform.json'], samplesPerSecond: 100, length: 300 });

    const waveform = JSON.parse(await readFile(path.join(outDir, 'waveform.json'), 'utf8')) as TWaveform;
    expect(Object.keys(waveform)).toEqual(['version', 'samplesPerSecond', 'peaks']);
    expect([waveform.version, waveform.samplesPerSecond, waveform.peaks.length]).toEqual([1, 100, 600]);
    // lavfi's sine has an amplitude of 1/8 (the file is mono, so no downmix scales it).
    const mins = waveform.peaks.filter((_, i) => i % 2 === 0);
    const maxes = waveform.peaks.filter((_, i) => i % 2 === 1);
    expect(Math.min(...mins)).toBeCloseTo(-0.125, 2);
    expect(Math.max(...maxes)).toBeCloseTo(0.125, 2);
    expect(mins.every((min, i) => min <= maxes[i]!)).toBe(true);
    expect(progress[progress.length - 1]).toBe(100);
  });

  it('reads the sound of a video', async () => {
    const input = await makeVideo(dir, { fileName: 'clip.mp4', seconds: 2 });
    const result = await createWaveform({ input, outDir: path.join(dir, 'video'), probe: await probeMedia(input) });
    expect(result.length).toBeGreaterThanOrEqual(200);
    expect(result.length).toBeLessThanOrEqual(202);
  });
});
