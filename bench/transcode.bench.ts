/**
 * Transcode wall time for a 60 s 1080p50 clip through the product, as a ratio to running the very same ffmpeg and
 * ffprobe commands bare (spawned with identical arguments, one after another). Target: ≤ 1.10.
 *
 * `benchTranscode()` measures the media functions; `measureTranscode(through)` measures anything else against the
 * same baseline, e.g. the transcode workflow: pass a function that takes the clip through it and resolves when done.
 * Run alone with `npx tsx bench/transcode.bench.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createFilmstrip,
  createHlsLadder,
  createProxyMp4,
  createThumbnail,
  createWaveform,
  ffprobeArgs,
  planFilmstrip,
  planHlsLadder,
  planProxyMp4,
  planThumbnail,
  planWaveform,
  probeMedia,
  resolveFfmpeg,
  tailCheckArgs,
  type TFfmpegBinaries,
  type TMediaProbe,
} from '@mam/workers';

export const CLIP_SECONDS = 60;
export const TARGET_RATIO = 1.1;

export interface TranscodeBenchClip {
  /** The 60 s 1080p50 H.264/AAC clip with a 10:00:00:00 timecode. */
  input: string;
  probe: TMediaProbe;
  /** Scratch space; each measured run gets its own folder inside. */
  dir: string;
}

/** One step as the product runs it: the binary and its exact arguments. */
export interface BareCommand {
  step: string;
  binary: string;
  args: string[];
  /** The waveform's PCM comes on stdout and must be read, as the product reads it. */
  readsStdout: boolean;
}

export interface TranscodeMeasurement {
  bareMs: number;
  throughMs: number;
  ratio: number;
  steps: Array<{ step: string; bareMs: number; throughMs: number | null }>;
}

function run(binary: string, args: string[], readsStdout = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', readsStdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stdout?.on('data', () => undefined);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${binary} failed: ${stderr}`))));
  });
}

let clip: Promise<TranscodeBenchClip> | null = null;

/** Makes the clip once per process (testsrc2 + sine, x264 ultrafast); later calls get the same one. */
export function prepareBenchClip(): Promise<TranscodeBenchClip> {
  clip ??= (async () => {
    const { ffmpegPath } = await resolveFfmpeg();
    const dir = await mkdtemp(path.join(tmpdir(), 'mam-bench-transcode-'));
    const input = path.join(dir, 'clip-1080p50.mp4');
    await run(ffmpegPath, [
      ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=50:duration=${CLIP_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=1000:sample_rate=48000:duration=${CLIP_SECONDS}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
      ...['-c:a', 'aac', '-timecode', '10:00:00:00', '-shortest', input],
    ]);
    return { input, probe: await probeMedia(input), dir };
  })();
  return clip;
}

export async function disposeBenchClip(): Promise<void> {
  if (!clip) return;
  const { dir } = await clip;
  clip = null;
  await rm(dir, { recursive: true, force: true });
}

/** The commands the media functions run for a video, in the order the transcode runs them. */
export function bareTranscodeCommands(
  binaries: TFfmpegBinaries,
  { input, probe }: TranscodeBenchClip,
  outDir: string,
): BareCommand[] {
  const task = { input, outDir, probe };
  const ffmpeg = (step: string, args: string[], readsStdout = false) => ({
    step,
    binary: binaries.ffmpegPath,
    args,
    readsStdout,
  });
  return [
    { step: 'probe', binary: binaries.ffprobePath, args: ffprobeArgs(input), readsStdout: true },
    ffmpeg('probe', tailCheckArgs(input, probe.durationSeconds ?? CLIP_SECONDS)),
    ffmpeg('proxy', planProxyMp4(task).args),
    ffmpeg('thumbnail', planThumbnail(task).command.args),
    ffmpeg('hls', planHlsLadder(task).command.args),
    ffmpeg('filmstrip', planFilmstrip(task).command.args),
    ffmpeg('waveform', planWaveform(task).command.args, true),
  ];
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Each step through the media functions, as the transcode activities call them (progress handling included). */
async function throughFunctions(clip: TranscodeBenchClip, outDir: string): Promise<Map<string, number>> {
  const onProgress = () => undefined;
  const task = { input: clip.input, outDir, onProgress };
  const times = new Map<string, number>();
  let probe = clip.probe;
  times.set('probe', await timed(async () => (probe = await probeMedia(clip.input))));
  times.set('proxy', await timed(() => createProxyMp4({ ...task, probe })));
  times.set('thumbnail', await timed(() => createThumbnail({ ...task, probe })));
  times.set('hls', await timed(() => createHlsLadder({ ...task, probe })));
  times.set('filmstrip', await timed(() => createFilmstrip({ ...task, probe })));
  times.set('waveform', await timed(() => createWaveform({ ...task, probe })));
  return times;
}

/**
 * Runs the bare commands, then `through` on the same clip, and compares wall times. `through` defaults to the media
 * functions; give it the workflow (upload the clip, start the transcode, wait for it) to measure that instead.
 */
export async function measureTranscode(
  through?: (clip: TranscodeBenchClip, outDir: string) => Promise<void>,
): Promise<TranscodeMeasurement> {
  const binaries = await resolveFfmpeg();
  const benchClip = await prepareBenchClip();
  const bareDir = await mkdtemp(path.join(benchClip.dir, 'bare-'));
  const throughDir = await mkdtemp(path.join(benchClip.dir, 'through-'));
  try {
    const commands = bareTranscodeCommands(binaries, benchClip, bareDir);
    await mkdir(path.join(bareDir, 'proxy'), { recursive: true });
    await mkdir(path.join(bareDir, 'hls'), { recursive: true });
    const bareSteps = new Map<string, number>();
    for (const command of commands) {
      const ms = await timed(() => run(command.binary, command.args, command.readsStdout));
      bareSteps.set(command.step, (bareSteps.get(command.step) ?? 0) + ms);
    }
    const bareMs = [...bareSteps.values()].reduce((a, b) => a + b, 0);

    // Per-step times exist only for the media functions; a workflow is timed as a whole.
    let throughSteps = new Map<string, number>();
    const throughMs = await timed(async () => {
      if (through) await through(benchClip, throughDir);
      else throughSteps = await throughFunctions(benchClip, throughDir);
    });
    const steps = [...bareSteps].map(([step, ms]) => ({ step, bareMs: ms, throughMs: throughSteps.get(step) ?? null }));
    return { bareMs, throughMs, ratio: throughMs / bareMs, steps };
  } finally {
    await rm(bareDir, { recursive: true, force: true });
    await rm(throughDir, { recursive: true, force: true });
  }
}

export function formatTranscodeMeasurement(measurement: TranscodeMeasurement, label = 'media functions'): string[] {
  const seconds = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(2)).padStart(8);
  const lines = [
    `transcode of a ${CLIP_SECONDS} s 1080p50 clip: ${label} vs. the same ffmpeg commands bare (s)`,
    `  ${'step'.padEnd(12)} ${'mam'.padStart(8)} ${'bare'.padStart(8)}`,
    ...measurement.steps.map((s) => `  ${s.step.padEnd(12)} ${seconds(s.throughMs)} ${seconds(s.bareMs)}`),
    `  ${'total'.padEnd(12)} ${seconds(measurement.throughMs)} ${seconds(measurement.bareMs)}   ratio ${measurement.ratio.toFixed(3)}x (target <= ${TARGET_RATIO.toFixed(2)}x)${measurement.ratio <= TARGET_RATIO ? '' : '  ABOVE TARGET'}`,
  ];
  return lines;
}

/** The transcode benchmark of `npm run bench`: lines to print. */
export async function benchTranscode(): Promise<string[]> {
  try {
    return formatTranscodeMeasurement(await measureTranscode());
  } finally {
    await disposeBenchClip();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchTranscode()
    .then((lines) => console.log(lines.join('\n')))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
