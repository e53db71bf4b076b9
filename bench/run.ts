/**
 * `npm run bench`: each figure is printed with a baseline measured in the same run on the same machine, so the
 * ratio means something on any hardware.
 *   - start-up on an existing data directory vs. a bare Node HTTP server starting
 *   - resident memory of the idle server vs. the idle bare Node server
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer } from '../e2e/support/server';

const RUNS = 3;

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

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mam-bench-'));
  try {
    // First start creates and seeds the database; it is not what we measure.
    await (await startServer({ dataDir })).stop();

    const mam: number[] = [];
    const bare: number[] = [];
    let mamRss = 0;
    let bareRss = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const server = await startServer({ dataDir });
      mam.push(performance.now() - t0);
      const baseline = await bareNode();
      bare.push(baseline.ms);
      if (i === RUNS - 1) {
        await new Promise((r) => setTimeout(r, 3000));
        mamRss = rssMiB(server.pid);
        bareRss = rssMiB(baseline.pid);
      }
      baseline.stop();
      await server.stop();
    }

    const rows = [
      ['start-up on existing data (median ms)', median(mam), median(bare)],
      ['idle resident memory (MiB)', mamRss, bareRss],
    ] as const;
    console.log('\nbenchmark                                 mam        baseline   ratio');
    for (const [name, value, baseline] of rows) {
      console.log(
        `${name.padEnd(40)} ${value.toFixed(1).padStart(8)}   ${baseline.toFixed(1).padStart(8)}   ${(value / baseline).toFixed(2)}x`,
      );
    }
    console.log('\nbaseline: a bare Node.js HTTP server started the same way on the same machine.');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
