import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createDocumentThumbnail, findPdftoppm } from './create-document-thumbnail';
import { probeMedia } from './probe-media';
import { makePdf, makeRandomBytes, makeTextFile } from './testing/media-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-document-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pixel(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

describe('createDocumentThumbnail', () => {
  it('renders the first page of a PDF 640 px wide', async () => {
    expect(findPdftoppm()).not.toBeNull();
    const input = await makePdf(dir);
    const outDir = path.join(dir, 'pdf');
    const result = await createDocumentThumbnail({ input, outDir, probe: await probeMedia(input) });
    expect(result).toEqual({
      file: 'thumbnail.jpg',
      files: ['thumbnail.jpg'],
      width: 640,
      height: expect.any(Number),
      source: 'pdf-page',
    });
    // 640 × 792 / 612 = 828.2; poppler rounds up.
    expect([828, 829]).toContain(result.height);
    // US Letter at 640 px: the blue rectangle (72..540 × 100..400 pt from the bottom) is in the lower half.
    const [r, g, b] = await pixel(path.join(outDir, 'thumbnail.jpg'), 320, 600);
    expect([r! < 40, g! < 40, b! > 200]).toEqual([true, true, true]);
    expect(await pixel(path.join(outDir, 'thumbnail.jpg'), 20, 20)).toEqual([255, 255, 255]);
    expect(await readdir(outDir)).toEqual(['thumbnail.jpg']);
  });

  it('draws a labelled document when pdftoppm is missing or the PDF does not render', async () => {
    const pdf = await makePdf(dir, 'unrendered.pdf');
    const probe = await probeMedia(pdf);
    const without = await createDocumentThumbnail({
      input: pdf,
      outDir: path.join(dir, 'no-poppler'),
      probe,
      pdftoppmPath: null,
    });
    expect(without).toMatchObject({ width: 640, height: 360, source: 'generated' });

    const broken = path.join(dir, 'broken.pdf');
    await writeFile(broken, '%PDF-1.4\nthis is not a PDF body\n');
    const brokenResult = await createDocumentThumbnail({
      input: broken,
      outDir: path.join(dir, 'broken'),
      probe: await probeMedia(broken),
    });
    expect(brokenResult.source).toBe('generated');
    expect(await readdir(path.join(dir, 'broken'))).toEqual(['thumbnail.jpg']);
  });

  it('gives text and unknown files a thumbnail with their extension on it', async () => {
    const text = await makeTextFile(dir);
    const outDir = path.join(dir, 'text');
    const result = await createDocumentThumbnail({
      input: text,
      outDir,
      probe: await probeMedia(text),
      fileName: 'Running order.TXT',
    });
    expect(result).toMatchObject({ width: 640, height: 360, source: 'generated' });
    const file = path.join(outDir, 'thumbnail.jpg');
    // The label band is the text colour (blue) with white letter squares; the background is light grey.
    const band = await pixel(file, 205, 250);
    expect(band[2]! - band[0]!).toBeGreaterThan(100);
    expect((await pixel(file, 20, 20)).every((v) => v > 220)).toBe(true);
    // 'T' of 'TXT' starts at the left of the label: its top bar is white.
    const letterX = Math.round((640 - (3 * 42 - 7)) / 2) + 3;
    expect((await pixel(file, letterX, 232)).every((v) => v > 200)).toBe(true);

    const noise = await makeRandomBytes(dir, 'blob');
    const other = await createDocumentThumbnail({
      input: noise,
      outDir: path.join(dir, 'noise'),
      probe: await probeMedia(noise),
    });
    expect(other.source).toBe('generated');
  });
});
