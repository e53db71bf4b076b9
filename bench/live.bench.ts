/**
 * Crash recording of a 1080p25 H.264/AAC UDP feed (a clip made once, sent in real time by stream copy, so the feed
 * itself costs next to nothing), against the real server:
 *   - start → plays: from `POST /live-sources/{id}/crash-recording` to the item answering a growing playback whose
 *     playlist lists a segment, vs. the same recorder command run bare reaching its first proxy segment
 *   - CPU of the recording (the recorder's ffmpeg: stream-copied high res and a 360p proxy) per second recorded,
 *     vs. the bare recorder command and vs. a stream copy alone (what the high res costs)
 *   - kill -9 of the server mid-recording: how long it recorded, the time from the kill until it recorded again, and
 *     what was lost beyond that downtime (the item's duration against the recording's span less the downtime)
 * `BENCH=live npm run bench`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { planRecorderArgs, RECORDER_PLAYLIST, resolveFfmpeg } from '@mam/workers';
import { freeUdpPort } from '@mam/workers/testing/udp-feed';
import { createApiKey } from '../e2e/support/api-key';
import { restCaller } from '../e2e/support/rest-caller';
import { startServer, type RunningServer } from '../e2e/support/server';
import { run } from './playable.bench';

const MEASURE_SECONDS = 20;
const SEGMENT_SECONDS = 2;
// The target: the first segment playable within two segment durations and a second of the start.
const START_TARGET_SECONDS = 2 * SEGMENT_SECONDS + 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** User and system CPU time of a process so far, in seconds (clock ticks of 10 ms). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The pid of the process whose command line contains `needle` (the recorder names its recording's folder). */
async function pidOf(needle: string): Promise<number | null> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('ffmpeg') && cmdline.includes(needle)) return Number(entry);
  }
  return null;
}

/** Cores a process uses over `seconds` of steady state. */
async function coresUsed(pid: number, seconds: number): Promise<number> {
  const before = await cpuSeconds(pid);
  await sleep(seconds * 1000);
  return ((await cpuSeconds(pid)) - before) / seconds;
}

async function until<T>(what: string, fn: () => Promise<T | null>, seconds = 120): Promise<T> {
  for (const started = Date.now(); ;) {
    const value = await fn();
    if (value !== null) return value;
    if (Date.now() - started > seconds * 1000) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A minute of 1080p25 H.264/AAC contribution feed, made once. */
async function makeFeedClip(dir: string): Promise<string> {
  const { ffmpegPath } = await resolveFfmpeg();
  const clip = path.join(dir, 'feed.ts');
  await run(ffmpegPath, [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25:duration=60'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=48000:duration=60'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-b:v', '8M', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '192k', '-f', 'mpegts', clip],
  ]);
  return clip;
}

/** The clip looped over UDP in real time without re-encoding: the feed itself costs next to nothing. */
async function sendFeed(clip: string, port: number): Promise<ChildProcess> {
  const { ffmpegPath } = await resolveFfmpeg();
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-re', '-stream_loop', '-1', '-i', clip];
  args.push('-c', 'copy', '-f', 'mpegts', `udp://127.0.0.1:${port}?pkt_size=1316`);
  return spawn(ffmpegPath, args, { stdio: 'ignore' });
}

const feedInput = (port: number) => ({
  url: `udp://127.0.0.1:${port}?timeout=5000000&overrun_nonfatal=1&fifo_size=50000&buffer_size=4194304`,
  inputOptions: [],
});

/** The product's recorder command for the feed on `port`, writing into `out` (its folders made). */
async function recorderArgs(out: string, port: number): Promise<string[]> {
  await mkdir(path.join(out, 'highres'), { recursive: true });
  await mkdir(path.join(out, 'hls'), { recursive: true });
  return planRecorderArgs({
    input: feedInput(port),
    dir: out,
    run: 1,
    segmentSeconds: SEGMENT_SECONDS,
    highRes: 'copy',
    proxyHeight: 360,
  });
}

const CAPACITY_WINDOW_SECONDS = 16;

/**
 * How many recordings of such a feed this machine holds at once without falling behind: n feeds and n recorder
 * commands (stream-copied high res and the 360p proxy) together, for n = 1, 2, 3, … until one of them closes fewer
 * segments in the window than real time gives (a recorder that cannot keep up drops or delays segments).
 */
async function recordingCapacity(dir: string, clip: string): Promise<{ held: number; tried: string[] }> {
  const { ffmpegPath } = await resolveFfmpeg();
  const tried: string[] = [];
  let held = 0;
  for (let n = 1; n <= 12; n++) {
    const children: ChildProcess[] = [];
    const outs: string[] = [];
    try {
      for (let i = 0; i < n; i++) {
        const port = await freeUdpPort();
        children.push(await sendFeed(clip, port));
        const out = await mkdtemp(path.join(dir, `cap-${n}-${i}-`));
        children.push(spawn(ffmpegPath, await recorderArgs(out, port), { stdio: 'ignore' }));
        outs.push(out);
      }
      const count = async (out: string) => {
        const highRes = (await readFile(path.join(out, 'highres', 'run-001.csv'), 'utf8').catch(() => ''))
          .split('\n')
          .filter((line) => line.trim()).length;
        const proxy = (await readFile(path.join(out, RECORDER_PLAYLIST), 'utf8').catch(() => ''))
          .split('\n')
          .filter((line) => line.endsWith('.ts')).length;
        return Math.min(highRes, proxy);
      };
      await sleep(5000);
      const before = await Promise.all(outs.map(count));
      await sleep(CAPACITY_WINDOW_SECONDS * 1000);
      const after = await Promise.all(outs.map(count));
      const closed = after.map((total, i) => total - before[i]!);
      const expected = CAPACITY_WINDOW_SECONDS / SEGMENT_SECONDS;
      const keptUp = closed.every((segments) => segments >= expected - 1);
      tried.push(
        `${n}: ${keptUp ? 'kept up' : 'fell behind'} (segments in ${CAPACITY_WINDOW_SECONDS} s: ${closed.join(', ')}; real time ${expected})`,
      );
      if (!keptUp) break;
      held = n;
    } finally {
      for (const child of children) child.kill('SIGKILL');
      for (const out of outs) await rm(out, { recursive: true, force: true });
    }
  }
  return { held, tried };
}

/** The recorder's own command, bare: seconds to its first proxy segment, and cores used once it runs. */
async function bareRecorder(dir: string, port: number, copyOnly: boolean) {
  const { ffmpegPath } = await resolveFfmpeg();
  const out = await mkdtemp(path.join(dir, copyOnly ? 'copy-' : 'bare-'));
  const args = await recorderArgs(out, port);
  // The stream copy alone: the same command up to the high-res output (the proxy's arguments cut off).
  const used = copyOnly ? args.slice(0, args.lastIndexOf(path.join(out, 'highres', 'run-001-%05d.ts')) + 1) : args;
  const started = performance.now();
  const child = spawn(ffmpegPath, used, { stdio: 'ignore' });
  try {
    const firstSegment = copyOnly
      ? 0
      : await until('the bare recorder’s first segment', async () => {
          const text = await readFile(path.join(out, RECORDER_PLAYLIST), 'utf8').catch(() => '');
          return text.includes('.ts') ? (performance.now() - started) / 1000 : null;
        });
    await sleep(3000);
    return { firstSegment, cores: await coresUsed(child.pid!, MEASURE_SECONDS) };
  } finally {
    child.kill('SIGKILL');
    await rm(out, { recursive: true, force: true });
  }
}

interface TLiveItem {
  itemType: string;
  playback: { url: string; kind: string } | null;
  transcoding: { state: string } | null;
  media: { durationSeconds: number | null } | null;
}

async function productRecording(server: RunningServer, port: number) {
  const key = await createApiKey(server, 'live bench');
  let current = server;
  const call = restCaller(() => current, key);
  const source = await call('POST', '/live-sources', {
    name: 'Bench feed',
    type: 'udp',
    location: `udp://127.0.0.1:${port}`,
  });
  if (source.status !== 201) throw new Error(`source: ${JSON.stringify(source.body)}`);
  const sourceId = String(source.body.id);
  // The status probe runs on the start's path: ask it once, as the console's page does while open.
  await call('GET', `/live-sources/${sourceId}/status`);
  const started = performance.now();
  const start = await call('POST', `/live-sources/${sourceId}/crash-recording`);
  if (start.status !== 201) throw new Error(`start: ${JSON.stringify(start.body)}`);
  const itemId = String(start.body.itemId);
  const item = async () => (await call('GET', `/items/${itemId}`)).body as unknown as TLiveItem;
  const playlist = async () => {
    const playback = (await item()).playback;
    if (playback?.kind !== 'growing') return '';
    const response = await fetch(`${current.url}${playback.url}`, { headers: { authorization: `Bearer ${key}` } });
    return response.ok ? response.text() : '';
  };
  const firstPlay = await until('growing playback', async () =>
    (await playlist()).includes('.ts') ? (performance.now() - started) / 1000 : null,
  );
  const recorderPid = await until('the recorder', () => pidOf(`/live/`));
  await sleep(3000);
  const cores = await coresUsed(recorderPid, MEASURE_SECONDS);

  // kill -9 and restart: how long until it records again, and what the recording lost beyond that.
  const killedAt = performance.now();
  process.kill(server.pid, 'SIGKILL');
  await until('the server to die', async () => {
    try {
      process.kill(server.pid, 0);
      return null;
    } catch {
      return true;
    }
  });
  current = await startServer({ dataDir: server.dataDir });
  await until(
    'recording after the restart',
    async () => {
      const tail = (await playlist()).split('#EXT-X-DISCONTINUITY')[1];
      return tail?.includes('.ts') ? true : null;
    },
    180,
  );
  const downtime = (performance.now() - killedAt) / 1000;
  await sleep(10_000);
  await call('DELETE', `/live-sources/${sourceId}/crash-recording`);
  const span = (performance.now() - started) / 1000;
  const done = await until(
    'the recording processed',
    async () => {
      const current = await item();
      return current.itemType === 'video' && current.transcoding?.state === 'COMPLETE' ? current : null;
    },
    300,
  );
  const duration = done.media?.durationSeconds ?? 0;
  return { firstPlay, cores, span, downtime, duration, stop: () => current.stop() };
}

export async function benchLive(): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mam-bench-live-'));
  const port = await freeUdpPort();
  const clip = await makeFeedClip(dir);
  const feed = await sendFeed(clip, port);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mam-bench-live-data-'));
  let stop: (() => Promise<void>) | null = null;
  try {
    await sleep(2000);
    const copy = await bareRecorder(dir, port, true);
    const bare = await bareRecorder(dir, port, false);
    const server = await startServer({ dataDir });
    stop = () => server.stop();
    const product = await productRecording(server, port);
    stop = product.stop;
    // The recording's own span: from when its first segment began (listed one segment after) to the stop.
    await stop();
    stop = null;
    feed.kill('SIGKILL');
    const capacity = await recordingCapacity(dir, clip);
    const recordingSpan = product.span - Math.max(0, product.firstPlay - SEGMENT_SECONDS);
    const lost = Math.max(0, recordingSpan - product.downtime - product.duration);
    return [
      `start → plays (first proxy segment listed): ${product.firstPlay.toFixed(1)} s = ${(product.firstPlay / SEGMENT_SECONDS).toFixed(2)} segment durations (target ≤ 2 + 1 s: ${START_TARGET_SECONDS} s) ${product.firstPlay <= START_TARGET_SECONDS ? 'PASS' : 'FAIL'}; bare recorder command to its first segment: ${bare.firstSegment.toFixed(1)} s (ratio ${(product.firstPlay / bare.firstSegment).toFixed(2)}; ${SEGMENT_SECONDS} s segments)`,
      `recording CPU: ${product.cores.toFixed(2)} cores; bare recorder command: ${bare.cores.toFixed(2)} cores (ratio ${(product.cores / bare.cores).toFixed(2)}); stream copy alone: ${copy.cores.toFixed(2)} cores (the 360p proxy is the rest)`,
      `recordings at once without falling behind: ${capacity.held} (${capacity.tried.join('; ')})`,
      `kill -9 mid-recording: recorded for ${recordingSpan.toFixed(1)} s, down ${product.downtime.toFixed(1)} s from the kill until it recorded again, ${product.duration.toFixed(1)} s in the item: lost beyond the downtime ${lost.toFixed(1)} s (target ≤ one segment, ${SEGMENT_SECONDS} s)`,
    ];
  } finally {
    feed.kill('SIGKILL');
    await stop?.();
    await rm(dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchLive().then(
    (lines) => console.log(lines.join('\n')),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
