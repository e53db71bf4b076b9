/**
 * "Playable at once": for a 20 s 1080p25 H.264 clip (browser-playable as uploaded) and a 20 s 1080p ProRes clip
 * with eight mono PCM tracks (not playable in a browser), through the product's transcode workflow:
 *   - upload complete → first play: for H.264, the stored and probed original; for ProRes, the growing HLS master
 *     and its first segments in storage (target ≤ 0.25 × the clip's duration);
 *   - upload complete → every rendition done (target for the H.264 clip ≤ 1.5 × its duration);
 * each against the same ffmpeg and ffprobe commands run bare one after another (target ≤ 1.10×), and, for scale,
 * the commands of the pipeline before the playable render (five renders, each decoding the source) run bare.
 * `BENCH=playable npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import type { TItemVersionRow } from '@mam/db';
import {
  audioLevelsArgs,
  ffprobeArgs,
  MEDIA_NICENESS,
  planPlayableRender,
  planProxyRemux,
  planThumbnail,
  probeMedia,
  resolveFfmpeg,
  tailCheckArgs,
  type TFfmpegBinaries,
  type TMediaProbe,
} from '@mam/workers';
import { bareTranscodeCommands } from './transcode.bench';

const SECONDS = 20;
const FIRST_PLAY_TARGET = 0.25;
const ALL_DONE_TARGET = 1.5;
const BARE_RATIO_TARGET = 1.1;

export interface PlayableClip {
  name: string;
  input: string;
  probe: TMediaProbe;
  /** The original plays in a browser as it is: the first play is the stored, probed original. */
  originalPlayable: boolean;
}

/** Runs the product's transcode on `file`; `watch` sees the version row as it changes, with ms since upload complete. */
export type TranscodeThrough = (file: string, watch: (version: TItemVersionRow, ms: number) => void) => Promise<void>;

export function run(binary: string, args: string[], readsStdout = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', readsStdout ? 'pipe' : 'ignore', 'pipe'] });
    // At the product's media priority: on a busy machine a niced ffmpeg gets less of the CPU than a bare one would,
    // and the ratio is to tell the workflow's own cost, not the courtesy to the API.
    if (child.pid !== undefined) setPriority(child.pid, MEDIA_NICENESS);
    let stderr = '';
    child.stdout?.on('data', () => undefined);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${binary} failed: ${stderr}`))));
  });
}

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function makeClips(binaries: TFfmpegBinaries, dir: string): Promise<PlayableClip[]> {
  const quiet = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];
  const picture = ['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${SECONDS}`];
  const tone = (hz: number) => ['-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=48000:duration=${SECONDS}`];
  const h264 = path.join(dir, 'clip-1080p25-h264.mp4');
  await run(binaries.ffmpegPath, [
    ...quiet,
    ...picture,
    ...tone(1000),
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '50'],
    ...['-c:a', 'aac', '-ac', '2', '-movflags', '+faststart', '-shortest', h264],
  ]);
  const prores = path.join(dir, 'clip-1080p25-prores.mov');
  const tracks = Array.from({ length: 8 }, (_, i) => i + 1);
  await run(binaries.ffmpegPath, [
    ...quiet,
    ...picture,
    ...tracks.flatMap((n) => tone(n * 200)),
    '-map',
    '0:v',
    ...tracks.flatMap((n) => ['-map', `${n}:a`]),
    ...['-c:v', 'prores', '-profile:v', '2', '-pix_fmt', 'yuv422p10le', '-c:a', 'pcm_s24le', prores],
  ]);
  return [
    { name: '1080p25 H.264 + AAC', input: h264, probe: await probeMedia(h264), originalPlayable: true },
    { name: '1080p25 ProRes + 8 mono', input: prores, probe: await probeMedia(prores), originalPlayable: false },
  ];
}

/** The commands the product runs for a video now: probe, levels, poster, the playable render, the proxy remux. */
async function bareNow(binaries: TFfmpegBinaries, clip: PlayableClip, outDir: string): Promise<number> {
  const task = { input: clip.input, outDir, probe: clip.probe };
  const plan = planPlayableRender(task);
  await mkdir(path.join(outDir, 'hls'), { recursive: true });
  await mkdir(path.join(outDir, 'proxy'), { recursive: true });
  return timed(async () => {
    await run(binaries.ffprobePath, ffprobeArgs(clip.input), true);
    await run(binaries.ffmpegPath, tailCheckArgs(clip.input, clip.probe.durationSeconds ?? SECONDS));
    await run(binaries.ffmpegPath, audioLevelsArgs(clip.input, clip.probe.audioTracks));
    await run(binaries.ffmpegPath, planThumbnail(task).command.args);
    await run(binaries.ffmpegPath, plan.command.args, plan.command.pipesStdout);
    await run(binaries.ffmpegPath, planProxyRemux(plan, outDir).args);
  });
}

/** The five separate renders of the pipeline before this one, bare: what "today" cost. */
async function bareBefore(binaries: TFfmpegBinaries, clip: PlayableClip, outDir: string): Promise<number> {
  await mkdir(path.join(outDir, 'proxy'), { recursive: true });
  await mkdir(path.join(outDir, 'hls'), { recursive: true });
  const commands = bareTranscodeCommands(binaries, { input: clip.input, probe: clip.probe, dir: outDir }, outDir);
  return timed(async () => {
    for (const command of commands) await run(command.binary, command.args, command.readsStdout);
  });
}

function firstPlayable(clip: PlayableClip, version: TItemVersionRow): boolean {
  if (clip.originalPlayable) return Boolean(version.originalKey && version.probe);
  return Boolean(version.renditions.hlsMaster || version.renditions.proxyMp4);
}

export async function benchPlayable(through: TranscodeThrough): Promise<string[]> {
  const binaries = await resolveFfmpeg();
  const dir = await mkdtemp(path.join(tmpdir(), 'mam-bench-playable-'));
  const lines = [
    `playable at once: ${SECONDS} s clips through the transcode workflow, from upload complete (s; x = of the clip's duration)`,
    `  ${'clip'.padEnd(26)} ${'first play'.padStart(16)} ${'all done'.padStart(16)} ${'bare now'.padStart(9)} ${'ratio'.padStart(7)} ${'bare before'.padStart(12)}`,
  ];
  try {
    for (const clip of await makeClips(binaries, dir)) {
      const duration = clip.probe.durationSeconds ?? SECONDS;
      let firstPlayMs: number | null = null;
      let growingSeen = false;
      const doneMs = await timed(() =>
        through(clip.input, (version, ms) => {
          if (version.renditions.hlsGrowing) growingSeen = true;
          if (firstPlayMs === null && firstPlayable(clip, version)) firstPlayMs = ms;
        }),
      );
      const bareMs = await bareNow(binaries, clip, await mkdtemp(path.join(dir, 'bare-')));
      const beforeMs = await bareBefore(binaries, clip, await mkdtemp(path.join(dir, 'before-')));
      const s = (ms: number) => (ms / 1000).toFixed(2);
      const x = (ms: number) => `${(ms / 1000 / duration).toFixed(2)}x`;
      const first = firstPlayMs ?? doneMs;
      const ratio = doneMs / bareMs;
      lines.push(
        `  ${clip.name.padEnd(26)} ${`${s(first)} ${x(first)}`.padStart(16)} ${`${s(doneMs)} ${x(doneMs)}`.padStart(16)} ${s(bareMs).padStart(9)} ${`${ratio.toFixed(2)}x`.padStart(7)} ${`${s(beforeMs)} ${x(beforeMs)}`.padStart(12)}`,
      );
      const verdicts = [
        clip.originalPlayable
          ? `all done ${x(doneMs)} (target <= ${ALL_DONE_TARGET}x) ${doneMs / 1000 / duration <= ALL_DONE_TARGET ? 'PASS' : 'FAIL'}`
          : `first play ${x(first)} (target <= ${FIRST_PLAY_TARGET}x) ${first / 1000 / duration <= FIRST_PLAY_TARGET ? 'PASS' : 'FAIL'}`,
        `workflow vs bare ${ratio.toFixed(2)}x (target <= ${BARE_RATIO_TARGET.toFixed(2)}x) ${ratio <= BARE_RATIO_TARGET ? 'PASS' : 'FAIL'}`,
        clip.originalPlayable ? null : `growing HLS seen: ${growingSeen ? 'yes' : 'no'}`,
      ];
      lines.push(`  ${''.padEnd(26)} ${verdicts.filter(Boolean).join('; ')}`);
    }
    lines.push(
      '  bare now: ffprobe, tail check, audio levels, poster, the playable render and the proxy remux, one after another,' +
        ` at the product's media niceness (${MEDIA_NICENESS});` +
        '\n  bare before: the five separate renders of the previous pipeline, bare (same niceness).',
    );
    return lines;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
