import { resolveFfmpeg } from '../../media/ffmpeg-binaries';
import { fileUrl } from '../../media/ffmpeg-command';
import { runProcess, summariseLog } from '../../media/run-process';
import type { TRenderPlan } from '../render-plan.types';

/*
 * Frame accuracy told by the pictures themselves: the output's frames are decoded and compared, as grey pictures of
 * one size, with the source frames the sequence names and with their neighbours. An encode changes a frame a
 * little (high PSNR); a neighbour differs a lot (testsrc2 moves every frame), so a frame off by one shows.
 */

export interface TGreySize {
  width: number;
  height: number;
}

async function decodeGrey(file: string, size: TGreySize, select: string | null, streamIndex = 0): Promise<Buffer[]> {
  const { ffmpegPath } = await resolveFfmpeg();
  const chunks: Buffer[] = [];
  const filters = [select ? `select='${select}'` : null, `scale=${size.width}:${size.height}`, 'format=gray'];
  const exit = await runProcess(
    ffmpegPath,
    ['-v', 'error', '-i', fileUrl(file), '-map', `0:${streamIndex}`, '-vf', filters.filter(Boolean).join(',')].concat([
      '-fps_mode',
      'passthrough',
      '-f',
      'rawvideo',
      'pipe:1',
    ]),
    { onStdout: (chunk) => chunks.push(chunk) },
  );
  if (exit.code !== 0) throw new Error(`decoding ${file} failed: ${summariseLog(exit.log)}`);
  const all = Buffer.concat(chunks);
  const frameBytes = size.width * size.height;
  return Array.from({ length: all.length / frameBytes }, (_, n) => all.subarray(n * frameBytes, (n + 1) * frameBytes));
}

/** Every frame of a file, decoded in order. */
export function decodeAllFrames(file: string, size: TGreySize, streamIndex = 0): Promise<Buffer[]> {
  return decodeGrey(file, size, null, streamIndex);
}

/** The given frames (display-order numbers) of a file, keyed by number; decoded in one pass. */
export async function decodeFrames(
  file: string,
  frames: readonly number[],
  size: TGreySize,
  streamIndex = 0,
): Promise<Map<number, Buffer>> {
  const wanted = [...new Set(frames)].sort((a, b) => a - b);
  const select = wanted.map((frame) => `eq(n,${frame})`).join('+');
  const pictures = await decodeGrey(file, size, select, streamIndex);
  if (pictures.length !== wanted.length)
    throw new Error(`${file}: ${pictures.length} of ${wanted.length} frames decoded`);
  return new Map(wanted.map((frame, index) => [frame, pictures[index]!]));
}

/** Peak signal-to-noise ratio of two grey pictures in dB; Infinity when identical. */
export function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  if (sum === 0) return Infinity;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

export interface TFrameComparison {
  outputFrame: number;
  clip: number;
  sourceFrame: number;
  /** Against the source frame the sequence names. */
  psnr: number;
  /** The best of the named frame's neighbours: must be clearly below `psnr`. */
  neighbourPsnr: number;
}

/**
 * Compares output frames with the source frames the plan names. `which` picks output frames (default: the first
 * and last frame of every clip, where cuts go wrong).
 */
export async function compareWithSources(
  plan: TRenderPlan,
  output: string,
  size: TGreySize,
  which?: (clip: number, offset: number, length: number) => boolean,
): Promise<TFrameComparison[]> {
  const pick = which ?? ((_clip, offset, length) => offset === 0 || offset === length - 1);
  const wanted: Array<{ outputFrame: number; clip: number; sourceFrame: number }> = [];
  let outputFrame = 0;
  plan.sources.forEach((source, clip) => {
    const length = source.outFrame - source.inFrame;
    for (let offset = 0; offset < length; offset++) {
      if (pick(clip, offset, length))
        wanted.push({ outputFrame: outputFrame + offset, clip, sourceFrame: source.inFrame + offset });
    }
    outputFrame += length;
  });
  const out = await decodeFrames(
    output,
    wanted.map((w) => w.outputFrame),
    size,
  );
  const bySource = new Map<number, Map<number, Buffer>>();
  for (const [index, source] of plan.sources.entries()) {
    const frames = wanted
      .filter((w) => w.clip === index)
      .flatMap((w) => [w.sourceFrame - 1, w.sourceFrame, w.sourceFrame + 1])
      .filter((frame) => frame >= 0 && frame < source.facts.frameCount);
    if (frames.length)
      bySource.set(index, await decodeFrames(source.path, frames, size, source.facts.videoStreamIndex));
  }
  return wanted.map((w) => {
    const frames = bySource.get(w.clip)!;
    const picture = out.get(w.outputFrame)!;
    const neighbours = [w.sourceFrame - 1, w.sourceFrame + 1].flatMap((n) =>
      frames.has(n) ? [psnr(picture, frames.get(n)!)] : [],
    );
    return { ...w, psnr: psnr(picture, frames.get(w.sourceFrame)!), neighbourPsnr: Math.max(-Infinity, ...neighbours) };
  });
}

/** One audio stream decoded to 16-bit samples, interleaved. */
export async function decodeAudio(file: string, streamIndex: number): Promise<Int16Array> {
  const { ffmpegPath } = await resolveFfmpeg();
  const chunks: Buffer[] = [];
  const exit = await runProcess(
    ffmpegPath,
    ['-v', 'error', '-i', fileUrl(file), '-map', `0:${streamIndex}`, '-f', 's16le', '-c:a', 'pcm_s16le', 'pipe:1'],
    { onStdout: (chunk) => chunks.push(chunk) },
  );
  if (exit.code !== 0) throw new Error(`decoding audio of ${file} failed: ${summariseLog(exit.log)}`);
  const all = Buffer.concat(chunks);
  return new Int16Array(all.buffer, all.byteOffset, all.length / 2);
}
