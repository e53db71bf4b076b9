/**
 * Central render of a 10-clip sequence cut from ten 1080p25 H.264/AAC sources (5 minutes in all), cuts off keyframes:
 *   - generic preset: smart render wall time ÷ a full re-encode of the same sequence in the same run (target ≤ 0.25)
 *   - broadcast preset (1080i50 XDCAM HD422 MXF): renderSequence ÷ the bare ffmpeg command that writes the same file
 *     (target ≤ 1.10)
 *   - frame accuracy of the smart render: frame count, and at every cut the output frame against the source frame it
 *     names (PSNR ≥ 45 dB for re-encoded frames, identical for copied ones) and against that frame's neighbours.
 * The sources are made once into RENDER_BENCH_CACHE (default: the system temp folder) and reused. On a loaded machine
 * run it shorter: RENDER_BENCH_SECONDS=60 (total source length; default 300). `BENCH=render npm run bench`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  planFullRender,
  probeRenderSource,
  renderSequence,
  resolveFfmpeg,
  splitClip,
  type TRenderPlan,
  type TRenderSource,
} from '@mam/workers';
import type { TRenderPresetSettings } from '@mam/core';
import { compareWithSources } from '@mam/workers/testing/frame-check';
import { run, timed } from './playable.bench';

const SOURCES = 10;
const SMART_TARGET = 0.25;
const BARE_TARGET = 1.1;
const GOP = 50;

/** Ten 1080p25 sources of x264 'faster' (B-frames, closed GOPs of 2 s) with stereo AAC, made once and kept. */
async function sources(totalSeconds: number): Promise<string[]> {
  const { ffmpegPath } = await resolveFfmpeg();
  const seconds = totalSeconds / SOURCES;
  const dir = path.join(process.env.RENDER_BENCH_CACHE ?? path.join(tmpdir(), 'mam-bench-render'), `${totalSeconds}s`);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (let n = 0; n < SOURCES; n++) {
    const file = path.join(dir, `source-${n}.mp4`);
    if (!existsSync(file)) {
      const partial = `${file}.part.mp4`;
      // Each source its own picture (hue turned) and tone, so a frame from the wrong clip shows.
      await run(ffmpegPath, [
        ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
        ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${seconds}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=${300 + n * 100}:sample_rate=48000:duration=${seconds}`],
        ...['-vf', `hue=h=${n * 36}`, '-c:v', 'libx264', '-preset', 'faster', '-pix_fmt', 'yuv420p'],
        ...['-g', String(GOP), '-keyint_min', String(GOP), '-sc_threshold', '0', '-bf', '3'],
        ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-shortest', partial],
      ]);
      await rename(partial, file);
    }
    files.push(file);
  }
  return files;
}

/** One clip from each source: from a frame past its first tenth to a frame before its last tenth, off keyframes. */
async function sequence(files: string[]): Promise<TRenderSource[]> {
  return Promise.all(
    files.map(async (file, n) => {
      const facts = await probeRenderSource(file);
      const inFrame = Math.floor(facts.frameCount * 0.1) + 7 + n;
      const outFrame = Math.floor(facts.frameCount * 0.9) - 13 - n;
      return { path: file, inFrame, outFrame, facts };
    }),
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
const verdict = (ratio: number, target: number) =>
  `ratio ${ratio.toFixed(3)}x (target <= ${target.toFixed(2)}x)${ratio <= target ? '' : '  ABOVE TARGET'}`;

export async function benchRender(): Promise<string[]> {
  const totalSeconds = Number(process.env.RENDER_BENCH_SECONDS ?? 300);
  const clips = await sequence(await sources(totalSeconds));
  const frames = clips.reduce((sum, clip) => sum + clip.outFrame - clip.inFrame, 0);
  const work = await mkdtemp(path.join(tmpdir(), 'mam-bench-render-'));
  const plan = (settings: TRenderPresetSettings, name: string): TRenderPlan => ({
    sources: clips,
    settings,
    startTimecode: '10:00:00:00',
    outputPath: path.join(work, name),
  });
  const lines = [
    `sequence: ${SOURCES} clips, ${frames} frames (${(frames / 25).toFixed(1)} s) from ${totalSeconds} s of 1080p25 H.264`,
  ];
  try {
    const generic: TRenderPresetSettings = {
      mode: 'generic',
      height: null,
      crf: 18,
      speed: 'veryfast',
      audioBitrateKbps: 192,
    };
    const full = plan(generic, 'full.mp4');
    const fullMs = await timed(() => renderSequence(full, { smart: false }));
    const smart = plan(generic, 'smart.mp4');
    let copied = 0;
    const smartMs = await timed(async () => (copied = (await renderSequence(smart)).copiedFrames));
    lines.push(
      `generic: full re-encode ${seconds(fullMs)}, smart render ${seconds(smartMs)} (${copied} of ${frames} frames copied)`,
      `  smart ÷ full ${verdict(smartMs / fullMs, SMART_TARGET)}`,
    );

    const broadcast = plan({ mode: 'broadcast', format: '1080i50', audioTracks: 8 }, 'broadcast.mxf');
    const { ffmpegPath } = await resolveFfmpeg();
    const bareMs = await timed(() => run(ffmpegPath, planFullRender(broadcast).args));
    await rm(broadcast.outputPath, { force: true });
    const engineMs = await timed(() => renderSequence(broadcast));
    lines.push(
      `broadcast 1080i50 MXF: renderSequence ${seconds(engineMs)}, bare ffmpeg ${seconds(bareMs)}`,
      `  renderSequence ÷ bare ${verdict(engineMs / bareMs, BARE_TARGET)}`,
    );

    lines.push(...(await accuracy(smart, frames)));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return lines;
}

/** Per cut: the clip's first and last frame and the first copied frame, against the source frames they should be. */
async function accuracy(smart: TRenderPlan, frames: number): Promise<string[]> {
  const { ffprobePath } = await resolveFfmpeg();
  const counted = await new Promise<string>((resolve, reject) => {
    const child = spawn(ffprobePath, [
      ...['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets'],
      ...['-of', 'csv=p=0', smart.outputPath],
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out.trim()));
  });
  // Where smart render copied: the copied part of each clip, as offsets into the clip.
  const copiedRange = smart.sources.map((source) => {
    const parts = splitClip({ ...source, startFrame: source.inFrame, endFrame: source.outFrame }, true);
    const copied = parts.find((part) => part.copy);
    return copied ? [copied.startFrame - source.inFrame, copied.endFrame - source.inFrame] : [-1, -1];
  });
  const cuts = await compareWithSources(
    smart,
    smart.outputPath,
    { width: 480, height: 270 },
    (clip, offset, length) => offset === 0 || offset === length - 1 || offset === copiedRange[clip]![0],
  );
  const lines = [`frame accuracy (smart render): ${counted} frames written, ${frames} expected`];
  let ok = Number(counted) === frames;
  for (const cut of cuts) {
    const offset = cut.sourceFrame - smart.sources[cut.clip]!.inFrame;
    const copied = offset >= copiedRange[cut.clip]![0]! && offset < copiedRange[cut.clip]![1]!;
    const good = copied ? cut.psnr === Infinity : cut.psnr >= 45 && cut.psnr > cut.neighbourPsnr;
    ok &&= good;
    lines.push(
      `  clip ${String(cut.clip + 1).padStart(2)} out ${String(cut.outputFrame).padStart(5)} = src ${String(cut.sourceFrame).padStart(5)}: ` +
        `${cut.psnr === Infinity ? 'identical' : `${cut.psnr.toFixed(1)} dB`} (neighbours ${cut.neighbourPsnr.toFixed(1)} dB)` +
        `${copied ? ' copied' : ' encoded'}${good ? '' : '  FAIL'}`,
    );
  }
  lines.push(`  frame accuracy ${ok ? 'PASS' : 'FAIL'}`);
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchRender()
    .then((lines) => console.log(lines.join('\n')))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
