import { accessSync, constants } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from './load-sharp';
import { THUMBNAIL_FILE, THUMBNAIL_WIDTH } from './create-thumbnail';
import type { TMediaTaskOptions } from './media-task.types';
import { runProcess } from './run-process';

export interface TDocumentThumbnailOptions extends TMediaTaskOptions {
  /** The file's name as uploaded, for the label; defaults to the input's name. */
  fileName?: string;
  /** Where to look for pdftoppm; defaults to PATH. Null: never render PDF pages. */
  pdftoppmPath?: string | null;
}

export interface TDocumentThumbnailResult {
  file: typeof THUMBNAIL_FILE;
  files: string[];
  width: number;
  height: number;
  source: 'pdf-page' | 'generated';
}

// A PDF that takes longer than this to render one page is hostile or broken; it gets the generated picture.
const PDF_RENDER_TIMEOUT_MS = 60_000;

let pdftoppm: string | null | undefined;

/** pdftoppm (poppler-utils) on PATH, looked up once. */
export function findPdftoppm(): string | null {
  if (pdftoppm !== undefined) return pdftoppm;
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin', '/usr/local/bin'];
  pdftoppm = null;
  for (const dir of dirs) {
    try {
      accessSync(path.join(dir, 'pdftoppm'), constants.X_OK);
      pdftoppm = path.join(dir, 'pdftoppm');
      break;
    } catch {
      // not here
    }
  }
  return pdftoppm;
}

// A 5×7 pixel font for the label, drawn as squares: the picture looks the same on a server without any fonts.
// Each glyph is seven rows of five bits, most significant bit on the left.
const GLYPHS: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
};

const COLOURS: Array<[RegExp, string]> = [
  [/^pdf$/, '#c92a2a'],
  [/^(docx?|odt|rtf|txt|md|pages)$/, '#1971c2'],
  [/^(xlsx?|ods|csv|numbers)$/, '#2b8a3e'],
  [/^(pptx?|odp|key)$/, '#d9480f'],
  [/^(zip|rar|7z|tar|gz|tgz|bz2|xz)$/, '#6741d9'],
];

/** The label: the extension in capitals, at most five of the characters the font has; 'FILE' without one. */
export function documentLabel(fileName: string): string {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1] ?? '';
  const label = [...extension.toUpperCase()]
    .filter((char) => GLYPHS[char])
    .join('')
    .slice(0, 5);
  return label || 'FILE';
}

/** A 640×360 picture of a page with a folded corner and the label across it. */
export function documentGlyphSvg(fileName: string): string {
  const label = documentLabel(fileName);
  const colour = COLOURS.find(([pattern]) => pattern.test(label.toLowerCase()))?.[1] ?? '#495057';
  const pixel = 7;
  const pitch = 6 * pixel;
  const textWidth = label.length * pitch - pixel;
  const x0 = Math.round((640 - textWidth) / 2);
  const y0 = 214 + Math.round((76 - 7 * pixel) / 2);
  const squares: string[] = [];
  [...label].forEach((char, index) => {
    GLYPHS[char]!.forEach((row, y) => {
      for (let x = 0; x < 5; x++) {
        if (row & (16 >> x)) {
          squares.push(
            `<rect x="${x0 + index * pitch + x * pixel}" y="${y0 + y * pixel}" width="${pixel}" height="${pixel}"/>`,
          );
        }
      }
    });
  });
  const lines = [0, 1, 2, 3, 4].map((i) => `<rect x="262" y="${96 + i * 20}" width="116" height="8" rx="4"/>`);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">',
    '<rect width="640" height="360" fill="#eef1f4"/>',
    '<path d="M240 36 H362 L400 74 V316 H240 Z" fill="#ffffff" stroke="#c3cad1" stroke-width="3" stroke-linejoin="round"/>',
    '<path d="M362 36 V74 H400 Z" fill="#dbe1e6" stroke="#c3cad1" stroke-width="3" stroke-linejoin="round"/>',
    `<g fill="#dbe1e6">${lines.join('')}</g>`,
    `<rect x="${Math.min(200, x0 - 24)}" y="214" width="${Math.max(240, textWidth + 48)}" height="76" rx="10" fill="${colour}"/>`,
    `<g fill="#ffffff">${squares.join('')}</g>`,
    '</svg>',
  ].join('');
}

async function renderPdfPage(options: TDocumentThumbnailOptions, binary: string): Promise<boolean> {
  const prefix = path.join(options.outDir, '.pdf-page');
  const timeout = AbortSignal.timeout(PDF_RENDER_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const args = ['-f', '1', '-l', '1', '-singlefile', '-jpeg', '-jpegopt', 'quality=85'];
  args.push('-scale-to-x', String(THUMBNAIL_WIDTH), '-scale-to-y', '-1', options.input, prefix);
  try {
    const exit = await runProcess(binary, args, { signal });
    if (exit.code !== 0) return false;
    await rename(`${prefix}.jpg`, path.join(options.outDir, THUMBNAIL_FILE));
    return true;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return false;
  } finally {
    await rm(`${prefix}.jpg`, { force: true });
  }
}

/**
 * thumbnail.jpg for a file item: a PDF's first page (pdftoppm, when installed and the PDF renders), else a
 * generated picture of a document with the file's extension, so every item has a thumbnail.
 */
export async function createDocumentThumbnail(options: TDocumentThumbnailOptions): Promise<TDocumentThumbnailResult> {
  await mkdir(options.outDir, { recursive: true });
  const output = path.join(options.outDir, THUMBNAIL_FILE);
  const binary = options.pdftoppmPath === undefined ? findPdftoppm() : options.pdftoppmPath;
  let source: TDocumentThumbnailResult['source'] = 'generated';
  const sharp = await loadSharp();
  if (options.probe.format === 'pdf' && binary && (await renderPdfPage(options, binary))) source = 'pdf-page';
  if (source === 'generated') {
    const svg = documentGlyphSvg(options.fileName ?? path.basename(options.input));
    await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(output);
  }
  const { width, height } = await sharp(output).metadata();
  options.onProgress?.(100);
  return { file: THUMBNAIL_FILE, files: [THUMBNAIL_FILE], width, height, source };
}
