import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createImagePreviews } from './create-image-previews';
import { MediaError } from './media-error';
import { probeMedia } from './probe-media';
import { makeOrientedJpeg, makePng, makeTruncated } from './testing/media-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-previews-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pixel(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + info.channels)];
}

describe('createImagePreviews', () => {
  it('turns an EXIF-rotated photo upright and never enlarges it', async () => {
    const input = await makeOrientedJpeg(dir);
    const outDir = path.join(dir, 'portrait');
    const result = await createImagePreviews({ input, outDir, probe: await probeMedia(input) });
    expect(result.previews.map((p) => [p.file, p.width, p.height, p.format])).toEqual([
      ['previews/200.jpg', 200, 400, 'jpeg'],
      ['previews/200.webp', 200, 400, 'webp'],
      ['previews/200.avif', 200, 400, 'avif'],
    ]);
    expect([result.thumbnail, result.thumbnailWidth, result.thumbnailHeight]).toEqual(['thumbnail.jpg', 200, 400]);
    expect(result.image).toMatchObject({ orientation: 6, displayWidth: 200, displayHeight: 400 });
    // Stored red-left/blue-right, turned 90° clockwise: red on top, blue below.
    const [top, bottom] = await Promise.all([
      pixel(path.join(outDir, 'previews/200.jpg'), 100, 50),
      pixel(path.join(outDir, 'previews/200.jpg'), 100, 350),
    ]);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
    // The orientation is applied, so the tag must not be left behind to turn it again.
    expect((await sharp(path.join(outDir, 'previews/200.jpg')).metadata()).orientation).toBeUndefined();
  });

  it('makes every width in JPEG, WebP and AVIF from a large picture, flattening transparency only in JPEG', async () => {
    const input = await makePng(dir);
    const outDir = path.join(dir, 'large');
    const progress: number[] = [];
    const result = await createImagePreviews({
      input,
      outDir,
      probe: await probeMedia(input),
      onProgress: (p) => progress.push(p),
    });
    expect(result.previews.map((p) => `${p.file} ${p.width}x${p.height}`)).toEqual([
      'previews/320.jpg 320x213',
      'previews/320.webp 320x213',
      'previews/320.avif 320x213',
      'previews/1280.jpg 1280x853',
      'previews/1280.webp 1280x853',
      'previews/1280.avif 1280x853',
      'previews/2560.jpg 2560x1707',
      'previews/2560.webp 2560x1707',
      'previews/2560.avif 2560x1707',
    ]);
    expect(result.files).toEqual([...result.previews.map((p) => p.file), 'thumbnail.jpg']);
    for (const preview of result.previews) {
      const meta = await sharp(path.join(outDir, preview.file)).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width]).toEqual([preview.format, preview.width]);
    }
    expect(await pixel(path.join(outDir, 'previews/320.jpg'), 10, 100)).toEqual([255, 255, 255]);
    expect((await pixel(path.join(outDir, 'previews/320.webp'), 10, 100))[3]).toBe(0);
    expect(result.thumbnailWidth).toBe(640);
    expect(progress[progress.length - 1]).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('rasterises SVG', async () => {
    const input = path.join(dir, 'logo.svg');
    await writeFile(
      input,
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#ff0000"/></svg>',
    );
    const probe = await probeMedia(input);
    expect(probe).toMatchObject({ itemType: 'image', mimeType: 'image/svg+xml', image: { width: 400, height: 300 } });
    const outDir = path.join(dir, 'svg');
    const result = await createImagePreviews({ input, outDir, probe, formats: ['jpeg'] });
    // 400 px is within a quarter of 320 px, so no preview at the SVG's own width.
    expect(result.previews.map((p) => [p.file, p.width, p.height])).toEqual([['previews/320.jpg', 320, 240]]);
    const [r, g, b] = await pixel(path.join(outDir, 'previews/320.jpg'), 160, 120);
    expect([r! > 240, g! < 20, b! < 20]).toEqual([true, true, true]);
  });

  it('stops between files when aborted', async () => {
    const input = await makePng(dir, { fileName: 'abort.png', width: 1500, height: 1000 });
    const controller = new AbortController();
    const outDir = path.join(dir, 'aborted');
    await expect(
      createImagePreviews({
        input,
        outDir,
        probe: await probeMedia(input),
        signal: controller.signal,
        onProgress: () => controller.abort(new Error('stop')),
      }),
    ).rejects.toThrow('stop');
  });

  it('reports a damaged image as MediaError', async () => {
    const whole = await makePng(dir, { fileName: 'whole.png', width: 800, height: 600 });
    const cut = await makeTruncated(whole, 'cut.png', 0.6);
    const probe = await probeMedia(cut);
    expect(probe.itemType).toBe('image');
    const error: unknown = await createImagePreviews({ input: cut, outDir: path.join(dir, 'cut'), probe }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).message).toMatch(/^The image could not be read: /);
  });
});
