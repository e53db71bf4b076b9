import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createThumbnail } from './create-thumbnail';
import { probeMedia } from './probe-media';
import { makeAudio, makeVideo } from './testing/media-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-thumbnail-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createThumbnail', () => {
  it('takes a 640 px poster frame from about 10 % into a video', async () => {
    const input = await makeVideo(dir, { fileName: 'hd.mp4', width: 1280, height: 720, fps: 50, seconds: 2 });
    const outDir = path.join(dir, 'video');
    const progress: number[] = [];
    const result = await createThumbnail({
      input,
      outDir,
      probe: await probeMedia(input),
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({
      file: 'thumbnail.jpg',
      files: ['thumbnail.jpg'],
      width: 640,
      height: 360,
      atSeconds: 0.2,
      source: 'frame',
    });
    const meta = await sharp(path.join(outDir, result.file)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 360]);
    // testsrc2 is colourful; a black or empty frame would have no spread.
    const stats = await sharp(path.join(outDir, result.file)).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(20);
    expect(progress).toEqual([100]);
  });

  it('draws the waveform of an audio file', async () => {
    const input = await makeAudio(dir, { fileName: 'tone.m4a', seconds: 2 });
    const outDir = path.join(dir, 'audio');
    const result = await createThumbnail({ input, outDir, probe: await probeMedia(input) });
    expect(result).toMatchObject({ width: 640, height: 360, atSeconds: null, source: 'waveform' });
    const { channels } = await sharp(path.join(outDir, result.file)).stats();
    // The accent colour (#5daec1) is drawn: green and blue stand out somewhere in the picture.
    expect(channels[1]!.max).toBeGreaterThan(120);
    expect(channels[2]!.max).toBeGreaterThan(120);
  });
});
