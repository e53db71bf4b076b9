/**
 * The cost of metrics and tracing: two servers in the same run, one with METRICS_ENABLED=false and no tracing
 * (the baseline), one with metrics on and OTLP traces exported to a local collector stand-in, take the same uploads
 * and searches, each operation on both back to back (so the drift of a shared machine falls on both). Printed: the
 * median over those pairs of time on / time off, against the target of at most 3 % overhead. Request times and a
 * process's CPU seconds move by tens of per cent on a loaded machine, so the verdict that holds under load is the
 * sampled one: both servers run under `--cpu-prof`, and the instrumented server's profile tells what share of its
 * busy time in each phase went to metrics and tracing code (bench/cpu-profile.ts). Run alone with
 * `npx tsx bench/observability.bench.ts`, or `BENCH=observability npm run bench`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApiKey } from '../e2e/support/api-key';
import { startServer, type RunningServer } from '../e2e/support/server';
import { monotonicMicros, profileShare, readProfiles, type TWindow } from './cpu-profile';

export const OVERHEAD_TARGET = 1.03;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 120);
const UPLOAD_BYTES = 4 * 1024 * 1024;
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1500);
const SEED_ITEMS = 30;
const WARM_UP = 20;

interface Side {
  name: 'off' | 'on';
  server: RunningServer;
  apiKey: string;
  /** Per request (search) or per upload (create + PATCH), in ms. */
  upload: number[];
  search: number[];
  /**
   * CPU seconds the server spent in each measured phase: all its threads, and its main thread alone (where requests,
   * metrics and spans run; the database's and the garbage collector's threads vary from run to run on their own).
   */
  cpu: Record<'upload' | 'search', TCpu>;
}

/** Accepts OTLP/HTTP exports and drops them, as a collector on the same machine would take them. */
async function startSink(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * One tus upload as a client sends a large file's first part: create, then a PATCH of `body`. The upload stays
 * unfinished, so no transcode runs behind the measurement and the figure is the request path's alone.
 */
async function uploadPart(side: Side, name: string, body: Buffer): Promise<void> {
  const headers = { authorization: `Bearer ${side.apiKey}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${side.server.url}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(body.length * 2),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${await created.text()}`);
  const patched = await fetch(`${side.server.url}${created.headers.get('location')!}`, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body,
  });
  if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}: ${await patched.text()}`);
}

/** Items to find: small finished uploads (documents), their processing awaited. */
async function seed(side: Side): Promise<void> {
  const headers = { authorization: `Bearer ${side.apiKey}`, 'tus-resumable': '1.0.0' };
  const ids: string[] = [];
  for (let index = 0; index < SEED_ITEMS; index++) {
    const body = Buffer.from(`Match report ${index}: goal, corner, substitution, interview ${index % 7}\n`);
    const response = await fetch(`${side.server.url}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(body.length),
        'upload-metadata': `filename ${Buffer.from(`report-${index}.txt`).toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body,
    });
    if (response.status !== 201) throw new Error(`seed upload answered ${response.status}`);
    ids.push(response.headers.get('item-id')!);
  }
  const deadline = Date.now() + 5 * 60_000;
  for (const id of ids) {
    for (;;) {
      const item = (await (
        await fetch(`${side.server.url}/api/v1/items/${id}`, { headers: { authorization: headers.authorization } })
      ).json()) as { transcoding: { state: string } | null };
      if (item.transcoding?.state === 'COMPLETE' || item.transcoding?.state === 'ERROR') break;
      if (Date.now() > deadline) throw new Error('seed items still processing after 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function timed(into: number[], fn: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await fn();
  into.push(performance.now() - started);
}

async function search(side: Side, query: string): Promise<void> {
  const response = await fetch(`${side.server.url}/api/v1/search?q=${encodeURIComponent(query)}`, {
    headers: { authorization: `Bearer ${side.apiKey}` },
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`search answered ${response.status}`);
}

/**
 * The same operation on both servers back to back, in turns of which goes first: on a shared machine the load of
 * the moment then falls on both alike, which rounds of many requests each do not achieve.
 */
async function interleaved(
  sides: Side[],
  count: number,
  into: (side: Side) => number[],
  operation: (side: Side, index: number) => Promise<void>,
): Promise<void> {
  for (let index = 0; index < count; index++) {
    const order = index % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) await timed(into(side), () => operation(side, index));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The median of on/off over the pairs measured back to back: drift between pairs cancels out. */
const pairedRatio = (on: number[], off: number[]) => median(on.map((value, index) => value / off[index]!));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const verdict = (ratio: number) =>
  `${ratio.toFixed(3)}x (overhead ${((ratio - 1) * 100).toFixed(1)} %, target ≤ ${((OVERHEAD_TARGET - 1) * 100).toFixed(0)} %) ${ratio <= OVERHEAD_TARGET ? 'PASS' : 'FAIL'}`;

export async function benchObservability(): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mam-bench-observability-'));
  const sink = await startSink();
  const sides: Side[] = [];
  let stopped = false;
  try {
    for (const name of ['off', 'on'] as const) {
      const env: Record<string, string> =
        name === 'off'
          ? { METRICS_ENABLED: 'false' }
          : { METRICS_ENABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: sink.url };
      // Both profiled, so the sampling's own cost falls on both alike.
      const nodeFlags = ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, `profile-${name}`)}`];
      const server = await startServer({ dataDir: path.join(dir, name), env, nodeFlags });
      sides.push({
        name,
        server,
        apiKey: await createApiKey(server),
        upload: [],
        search: [],
        cpu: { upload: { all: 0, main: 0 }, search: { all: 0, main: 0 } },
      });
    }
    const [off, on] = sides as [Side, Side];
    const metrics = await fetch(`${on.server.url}/metrics`);
    if (!metrics.ok) throw new Error(`/metrics of the instrumented server answered ${metrics.status}`);
    // Without metrics the path is the console's (its single-page app answers it), not Prometheus'.
    if ((await (await fetch(`${off.server.url}/metrics`)).text()).includes('# HELP')) {
      throw new Error('the baseline server has /metrics');
    }
    await Promise.all(sides.map(seed));

    const body = randomBytes(UPLOAD_BYTES);
    const queries = ['match', 'goal', 'report', 'interview 3', 'corner'];
    const upload = (side: Side, index: number) => uploadPart(side, `part-${index}.bin`, body);
    const query = (side: Side, index: number) => search(side, queries[index % queries.length]!);
    // Not counted: JIT, connection pools, the first query plans.
    await interleaved(sides, WARM_UP, (side) => side.upload, upload);
    await interleaved(sides, WARM_UP, (side) => side.search, query);
    for (const side of sides) {
      side.upload = [];
      side.search = [];
    }
    const windows = {} as Record<'upload' | 'search', TWindow>;
    const from = monotonicMicros();
    await measuredCpu(sides, 'upload', () => interleaved(sides, UPLOADS, (side) => side.upload, upload));
    windows.upload = { from, to: monotonicMicros() };
    await measuredCpu(sides, 'search', () => interleaved(sides, SEARCHES, (side) => side.search, query));
    windows.search = { from: windows.upload.to, to: monotonicMicros() };
    if (process.env.KEEP_BENCH_DIR) console.log(`windows ${JSON.stringify(windows)}`);

    const exported = sink.requests();
    if (exported === 0) throw new Error('the instrumented server exported no traces');
    const uploadRatio = pairedRatio(on.upload, off.upload);
    const searchRatio = pairedRatio(on.search, off.search);
    const mib = UPLOAD_BYTES / (1024 * 1024);
    const rate = (times: number[]) => ((times.length * mib) / (sum(times) / 1000)).toFixed(0);
    const rss = `resident memory after the load: on ${rssMiB(on.server.pid).toFixed(0)} MiB, off ${rssMiB(off.server.pid).toFixed(0)} MiB; OTLP export requests: ${exported}`;
    // The profiles are written when the servers exit.
    for (const side of sides) await side.server.stop();
    stopped = true;
    const profiles = readProfiles(path.join(dir, 'profile-on'));
    const share = (phase: 'upload' | 'search') => {
      const main = profileShare(profiles.main, windows[phase], isInstrumentation);
      const busy = profiles.workers.reduce(
        (total, worker) => total + profileShare(worker, windows[phase], () => false).busy,
        main.busy,
      );
      return `${phase} ${percent(main.counted / main.busy)} of the main thread's busy time, ${percent(main.counted / busy)} of all threads' ${main.counted / busy <= OVERHEAD_TARGET - 1 ? 'PASS' : 'FAIL'}`;
    };
    return [
      `CPU profile of the instrumented server (sampled; load-independent), time in metrics and tracing code (target ≤ ${((OVERHEAD_TARGET - 1) * 100).toFixed(0)} %): ${share('upload')}; ${share('search')}`,
      `metrics + OTLP tracing on vs. METRICS_ENABLED=false without tracing, same machine, requests interleaved; ratio: median of on/off per pair`,
      `upload (${UPLOADS} × tus create + ${mib} MiB PATCH): median on ${median(on.upload).toFixed(1)} ms (${rate(on.upload)} MiB/s), off ${median(off.upload).toFixed(1)} ms (${rate(off.upload)} MiB/s), ${verdict(uploadRatio)}`,
      `search (${SEARCHES} queries): median on ${median(on.search).toFixed(2)} ms, off ${median(off.search).toFixed(2)} ms, ${verdict(searchRatio)}`,
      `CPU seconds of each server for the same work (a loaded machine moves a process's CPU per request by tens of per cent), all threads: ${cpuLine(on, off, 'all')}`,
      `CPU seconds of each server's main thread (requests, metrics, spans): ${cpuLine(on, off, 'main')}`,
      rss,
    ];
  } finally {
    if (!stopped) for (const side of sides) await side.server.stop();
    await sink.close();
    if (process.env.KEEP_BENCH_DIR) console.log(`kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

interface TCpu {
  all: number;
  main: number;
}

const cpuLine = (on: Side, off: Side, of: keyof TCpu) =>
  (['upload', 'search'] as const)
    .map((phase) => {
      const [a, b] = [on.cpu[phase][of], off.cpu[phase][of]];
      return `${phase} on ${a.toFixed(2)} s, off ${b.toFixed(2)} s, ${verdict(a / b)}`;
    })
    .join('; ');

/** CPU seconds of a process so far: all its threads, and its main thread alone. */
function cpuSeconds(pid: number): TCpu {
  return { all: statCpu(`/proc/${pid}/stat`), main: statCpu(`/proc/${pid}/task/${pid}/stat`) };
}

/** User + system CPU seconds of a /proc stat file (fields 14 and 15). */
function statCpu(file: string): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU each server spends on a phase. A shared machine stretches request times unevenly; the CPU a process
 * needs for the same requests moves far less, so this ratio is the steadier measure of what instrumenting costs.
 */
async function measuredCpu(sides: Side[], phase: 'upload' | 'search', run: () => Promise<void>): Promise<void> {
  const before = sides.map((side) => cpuSeconds(side.server.pid));
  await run();
  sides.forEach((side, index) => {
    const after = cpuSeconds(side.server.pid);
    side.cpu[phase] = { all: after.all - before[index]!.all, main: after.main - before[index]!.main };
  });
}

const percent = (share: number) => `${(share * 100).toFixed(2)} %`;

/** Metrics and tracing code: the OpenTelemetry and Prometheus packages and the product's named hooks into them. */
const OUR_INSTRUMENTATION = new Set([
  'observeRequest',
  'recordResponse',
  'inSpan',
  'endSpan',
  'failSpan',
  'startServerSpan',
  'handleOf',
  'definedOnly',
  'tracedServiceMethod',
  'activeTraceParent',
  'recordUploadBytes',
  'statusClass',
]);
const isInstrumentation = (frame: { functionName: string; url: string }) =>
  frame.url.includes('/@opentelemetry/') ||
  frame.url.includes('/prom-client/') ||
  (frame.url.includes('/dist/') && OUR_INSTRUMENTATION.has(frame.functionName));

function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchObservability()
    .then((lines) => console.log(lines.join('\n')))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
