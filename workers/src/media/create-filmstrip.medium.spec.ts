import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createFilmstrip } from './create-filmstrip';
import { probeMedia } from './probe-media';
import { makeVideo } from './testing/media-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-filmstrip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createFilmstrip', () => {
  it('writes a sprite of 160 px tiles across the video and its manifest', async () => {
    const input = await makeVideo(dir, { fileName: 'clip.mp4', width: 1280, height: 720, fps: 25, seconds: 6 });
    const outDir = path.join(dir, 'strip');
    const result = await createFilmstrip({ input, outDir, probe: await probeMedia(input) });
    const manifest = { columns: 10, rows: 2, tileWidth: 160, tileHeight: 90, intervalSeconds: 0.5, count: 12 };
    expect(result).toEqual({
      sprite: 'filmstrip.jpg',
      manifest: 'filmstrip.json',
      files: ['filmstrip.jpg', 'filmstrip.json'],
      ...manifest,
    });
    expect(JSON.parse(await readFile(path.join(outDir, 'filmstrip.json'), 'utf8'))).toEqual(manifest);
    const sprite = await sharp(path.join(outDir, 'filmstrip.jpg')).metadata();
    expect([sprite.width, sprite.height]).toEqual([1600, 180]);

    // testsrc2 moves, so tile 0 (0 s) and tile 11 (5.5 s) differ; the unused last 8 tiles are plain padding.
    // The inside of a tile: JPEG blocks straddle tile edges and blur them.
    const tile = (index: number) =>
      sharp(path.join(outDir, 'filmstrip.jpg')).extract({
        left: (index % 10) * 160 + 8,
        top: Math.floor(index / 10) * 90 + 8,
        width: 144,
        height: 74,
      });
    const [first, last, blank] = await Promise.all([0, 11, 15].map((index) => tile(index).raw().toBuffer()));
    const spread = (pixels: Buffer) => Math.max(...pixels) - Math.min(...pixels);
    expect(first!.equals(last!)).toBe(false);
    expect(spread(last!)).toBeGreaterThan(150);
    expect(spread(blank!)).toBeLessThan(40);
  });
});
