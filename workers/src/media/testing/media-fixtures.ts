import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { resolveFfmpeg } from '../ffmpeg-binaries';

/*
 * Media made at test time with ffmpeg's lavfi sources and sharp, so the repository holds no binary fixtures and every
 * property a test relies on (size, rate, timecode, orientation) is stated where the file is made.
 */

async function ffmpeg(args: string[]): Promise<void> {
  const { ffmpegPath } = await resolveFfmpeg();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg fixture failed: ${stderr}`))));
  });
}

export interface VideoFixtureOptions {
  fileName?: string;
  seconds?: number;
  width?: number;
  height?: number;
  /** 'num/den' or a whole number. */
  fps?: string | number;
  /** Start timecode written into the file, e.g. '10:00:00:00'. */
  timecode?: string;
  audio?: boolean;
  /** Moves the index to the front (as cameras and web encoders do). */
  faststart?: boolean;
  /** Encodes interlaced, top field first. */
  interlaced?: boolean;
  /** Written as a display matrix, as phones do (recording sideways). */
  rotate?: 90 | 180 | 270;
}

/** testsrc2 picture and a 1 kHz sine in H.264/AAC MP4. */
export async function makeVideo(dir: string, options: VideoFixtureOptions = {}): Promise<string> {
  const {
    fileName = 'video.mp4',
    seconds = 2,
    width = 640,
    height = 360,
    fps = 25,
    timecode,
    audio = true,
    faststart = false,
    interlaced = false,
    rotate,
  } = options;
  const file = path.join(dir, fileName);
  const args = ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=1000:sample_rate=48000:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(Math.round(Number(fps))));
  if (interlaced) args.push('-flags', '+ildct+ilme', '-x264opts', 'tff=1', '-field_order', 'tt');
  if (audio) args.push('-c:a', 'aac', '-b:a', '96k');
  if (timecode) args.push('-timecode', timecode);
  if (faststart) args.push('-movflags', '+faststart');
  const encoded = rotate ? path.join(dir, `unrotated-${fileName}`) : file;
  args.push('-shortest', encoded);
  await ffmpeg(args);
  // The rotate tag becomes a display matrix only when remuxing, not when encoding.
  if (rotate) await ffmpeg(['-i', encoded, '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`, file]);
  return file;
}

/**
 * Broadcast-style MXF: MPEG-2 4:2:2 picture and `tracks` mono 24-bit PCM tracks, track n a sine of n × 200 Hz, so
 * a test can tell the tracks apart.
 */
export async function makeMultiTrackMxf(dir: string, { fileName = 'multitrack.mxf', seconds = 2, tracks = 8 } = {}) {
  const file = path.join(dir, fileName);
  const args = ['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`];
  for (let n = 1; n <= tracks; n++) {
    args.push('-f', 'lavfi', '-i', `sine=frequency=${n * 200}:sample_rate=48000:duration=${seconds}`);
  }
  args.push('-map', '0:v');
  for (let n = 1; n <= tracks; n++) args.push('-map', `${n}:a`);
  args.push('-c:v', 'mpeg2video', '-b:v', '8M', '-pix_fmt', 'yuv422p', '-c:a', 'pcm_s24le', '-f', 'mxf', file);
  await ffmpeg(args);
  return file;
}

/** A 440 Hz tone; the container follows the file name (tone.m4a, tone.wav, tone.mp3). */
export async function makeAudio(dir: string, { fileName = 'tone.m4a', seconds = 3, channels = 2 } = {}) {
  const file = path.join(dir, fileName);
  const codec = fileName.endsWith('.wav') ? 'pcm_s16le' : fileName.endsWith('.mp3') ? 'libmp3lame' : 'aac';
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-ac',
    String(channels),
    '-c:a',
    codec,
    file,
  ]);
  return file;
}

/**
 * A JPEG stored 400×200 with EXIF orientation 6 (turn 90° clockwise to view), so it is seen 200×400. The stored
 * picture is red on the left half and blue on the right: upright, red is on top.
 */
export async function makeOrientedJpeg(dir: string, fileName = 'portrait.jpg'): Promise<string> {
  const file = path.join(dir, fileName);
  const half = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer();
  await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: await half({ r: 255, g: 0, b: 0 }), left: 0, top: 0 },
      { input: await half({ r: 0, g: 0, b: 255 }), left: 200, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toFile(file);
  return file;
}

/** A 3000×2000 PNG with a transparent half, to check never-upscaling and alpha handling. */
export async function makePng(dir: string, { fileName = 'large.png', width = 3000, height = 2000 } = {}) {
  const file = path.join(dir, fileName);
  await sharp({ create: { width, height, channels: 4, background: { r: 30, g: 160, b: 90, alpha: 1 } } })
    .composite([
      {
        input: {
          create: { width: Math.round(width / 2), height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
        },
        left: 0,
        top: 0,
        blend: 'source',
      },
    ])
    .png()
    .toFile(file);
  return file;
}

/**
 * A one-page PDF written by hand (US Letter, a title and a blue rectangle in the lower half), with a correct
 * cross-reference table so strict readers accept it.
 */
export async function makePdf(dir: string, fileName = 'document.pdf'): Promise<string> {
  const content = 'BT /F1 48 Tf 72 650 Td (Media asset) Tj ET\n0 0 1 rg 72 100 468 300 re f\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(dir, fileName);
  await writeFile(file, pdf, 'latin1');
  return file;
}

/** The first `fraction` of another file, as an interrupted copy leaves it. */
export async function makeTruncated(source: string, fileName: string, fraction = 0.5): Promise<string> {
  const bytes = await readFile(source);
  const file = path.join(path.dirname(source), fileName);
  await writeFile(file, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return file;
}

export async function makeRandomBytes(dir: string, fileName = 'noise.bin', size = 64 * 1024): Promise<string> {
  const file = path.join(dir, fileName);
  await writeFile(file, randomBytes(size));
  return file;
}

export async function makeTextFile(dir: string, fileName = 'notes.txt'): Promise<string> {
  const file = path.join(dir, fileName);
  await writeFile(file, 'Running order\n1. News\n2. Weather — Vær\n');
  return file;
}

/** ffprobe's JSON for a file, to check what a function wrote. */
export async function ffprobeJson(file: string, extraArgs: string[] = []): Promise<FfprobeReport> {
  const { ffprobePath } = await resolveFfmpeg();
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...extraArgs, file],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(stdout) as FfprobeReport) : reject(new Error(`ffprobe ${file}: ${stderr}`)),
    );
  });
}

export interface FfprobeReport {
  format: { format_name: string; duration?: string; nb_streams: number };
  streams: Array<{
    codec_type: string;
    codec_name?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    field_order?: string;
    channels?: number;
    profile?: string;
  }>;
  packets?: Array<{ flags?: string; pts_time?: string }>;
  frames?: Array<{ key_frame?: number; pict_type?: string }>;
}
