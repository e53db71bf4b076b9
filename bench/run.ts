/**
 * `npm run bench`: each figure is printed with a baseline measured in the same run on the same machine, so the
 * ratio means something on any hardware.
 *   - start-up on an existing data directory vs. a bare Node HTTP server starting, and its CPU time
 *   - resident memory of the idle server, and after a short session of use, vs. the idle bare Node server
 *   (each against its target: start-up <= 2 s, idle <= 250 MiB, after use <= 400 MiB)
 *   - embedded workflow runtime: 1,000 short workflows, resume of 100 running ones after a restart
 *   - tus upload throughput of 1 GiB vs. copying the file; upload-complete → playable proxy for a 60 s 1080p50 clip
 *   - transcode of that clip through the workflow vs. the same ffmpeg commands run bare
 *   - playable at once: upload complete → first play and → every rendition of 20 s H.264 and ProRes clips
 *   - search over 100,000 items on PGlite and PostgreSQL (p50/p95 per query vs. a bare count of the same matches) and
 *     bulk metadata update (vs. a bare UPDATE per item); BENCH_LARGE=1 adds 1,000,000 items on PostgreSQL
 *   - load: health p99 and search p95 (8 clients) idle and while 10 uploads and their transcodes run
 *   - observability: upload and search time with metrics and OTLP tracing on vs. off, in alternating rounds
 *   - render: a 10-clip sequence, smart render vs. full re-encode, broadcast MXF vs. bare ffmpeg, frame accuracy
 *   - live: crash recording of a 1080p25 UDP feed, start → plays and CPU vs. the bare recorder command, kill -9 loss
 *   - archive: a 2 GiB file archived to S3 (s3rver) through the workflow vs. a bare SDK multipart upload of it
 *   - scan: storage scan of 10,000 files, items created per second, and a rescan's time
 * BENCH=startup,workflows,upload,transcode,playable,search,load,observability,render,live,archive,scan picks sections
 * (all by default; upload, transcode, search, load, observability, render, live, archive and scan take minutes).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorkflowTranscoder } from '@mam/api/testing/workflow-transcoder';
import { freePort, startServer } from '../e2e/support/server';
import { formatTranscodeMeasurement, measureTranscode } from './transcode.bench';
import { benchArchive } from './archive.bench';
import { benchLive } from './live.bench';
import { benchLoad } from './load.bench';
import { benchObservability } from './observability.bench';
import { benchPlayable } from './playable.bench';
import { benchRender } from './render.bench';
import { benchScan } from './scan.bench';
import { benchSearch } from './search.bench';
import { useServerBriefly } from './session.bench';
import { benchUpload } from './upload.bench';
import { benchWorkflowRuntime } from './workflow-runtime.bench';

const RUNS = 3;

/** User and system CPU time the process has used, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitFor(url: string) {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function bareNode(): Promise<{ ms: number; pid: number; stop: () => void }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
    {
      stdio: 'ignore',
    },
  );
  await waitFor(`http://127.0.0.1:${port}/`);
  return { ms: performance.now() - started, pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchStartup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mam-bench-'));
  try {
    // First start creates and seeds the database; it is not what we measure.
    await (await startServer({ dataDir })).stop();

    const mam: number[] = [];
    const mamCpu: number[] = [];
    const bare: number[] = [];
    const bareCpu: number[] = [];
    let mamRss = 0;
    let usedRss = 0;
    let bareRss = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const server = await startServer({ dataDir });
      mam.push(performance.now() - t0);
      mamCpu.push(cpuMs(server.pid));
      const baseline = await bareNode();
      bare.push(baseline.ms);
      bareCpu.push(cpuMs(baseline.pid));
      if (i === RUNS - 1) {
        await new Promise((r) => setTimeout(r, 3000));
        mamRss = rssMiB(server.pid);
        bareRss = rssMiB(baseline.pid);
        await useServerBriefly(server);
        await new Promise((r) => setTimeout(r, 3000));
        usedRss = rssMiB(server.pid);
      }
      baseline.stop();
      await server.stop();
    }

    const rows: Array<[string, number, number, number | null]> = [
      ['start-up on existing data (median ms)', median(mam), median(bare), 2000],
      ['start-up CPU time (median ms)', median(mamCpu), median(bareCpu), null],
      ['idle resident memory (MiB)', mamRss, bareRss, 250],
      ['resident memory after use (MiB)', usedRss, bareRss, 400],
    ];
    console.log('\nbenchmark                                 mam        baseline   ratio    target');
    for (const [name, value, baseline, target] of rows) {
      const verdict = target === null ? '' : `<= ${target}  ${value <= target ? 'PASS' : 'FAIL'}`;
      console.log(
        `${name.padEnd(40)} ${value.toFixed(1).padStart(8)}   ${baseline.toFixed(1).padStart(8)}   ${`${(value / baseline).toFixed(2)}x`.padEnd(8)} ${verdict}`,
      );
    }
    console.log(
      '\nbaseline: a bare Node.js HTTP server started the same way on the same machine (idle, for both memory rows).' +
        '\nafter use: sign-in, an API key, a 4 s clip and a document uploaded and processed, searches, the items and' +
        ' their media opened, comments; measured 3 s later.',
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The 60 s 1080p50 clip through the product's transcode workflow, against the same ffmpeg commands run bare. */
async function benchTranscodeWorkflow(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mam-bench-transcode-'));
  const transcoder = await createWorkflowTranscoder(dataDir);
  try {
    const measurement = await measureTranscode(async (clip) => {
      await transcoder.run(clip.input);
    });
    return formatTranscodeMeasurement(measurement, 'transcode workflow');
  } finally {
    await transcoder.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** First play and every rendition of a 20 s H.264 and a 20 s ProRes clip through the workflow, vs. bare. */
async function benchPlayableWorkflow(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mam-bench-playable-'));
  const transcoder = await createWorkflowTranscoder(dataDir);
  try {
    return await benchPlayable(async (file, watch) => {
      await transcoder.run(file, { watch });
    });
  } finally {
    await transcoder.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const sections = (
    process.env.BENCH ??
    'startup,workflows,upload,transcode,playable,search,load,observability,render,live,archive,scan'
  ).split(',');
  if (sections.includes('startup')) await benchStartup();
  const more: Array<[string, () => Promise<string[]>]> = [
    ['workflows', benchWorkflowRuntime],
    ['upload', benchUpload],
    ['transcode', benchTranscodeWorkflow],
    ['playable', benchPlayableWorkflow],
    ['search', benchSearch],
    ['load', benchLoad],
    ['observability', benchObservability],
    ['render', benchRender],
    ['live', benchLive],
    ['archive', benchArchive],
    ['scan', benchScan],
  ];
  for (const [name, run] of more) {
    if (!sections.includes(name)) continue;
    console.log(`\n== ${name} ==`);
    console.log((await run()).join('\n'));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
