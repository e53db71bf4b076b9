/**
 * Responsiveness of the API while media work runs, against the real server (`startServer()`), over loopback:
 *   - idle: 8 search clients and a health probe for a few seconds, nothing else running
 *   - under load: the same, while 10 short clips are uploaded at once (tus) and transcoded
 * Printed: health p99 and search p95 in each phase, with the targets health p99 ≤ 100 ms under load and search p95
 * under load ≤ 3× idle. Run alone with `npx tsx bench/load.bench.ts`, or `BENCH=load npm run bench`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from '../e2e/support/api-key';
import { startServer, type RunningServer } from '../e2e/support/server';

export const HEALTH_P99_TARGET_MS = 100;
export const SEARCH_P95_TARGET_RATIO = 3;
const SEARCH_CLIENTS = 8;
const UPLOADS = 10;
const SEED_ITEMS = 5;
const CLIP_SECONDS = 3;
const IDLE_MS = 6000;
const HEALTH_EVERY_MS = 25;
const POLL_MS = 250;
const LOAD_TIMEOUT_MS = 10 * 60 * 1000;
// Every loop below is bounded by this many rounds as well as by its phase ending.
const MAX_ROUNDS = 100_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface PhaseFigures {
  healthP99: number;
  searchP95: number;
  healthCount: number;
  searchCount: number;
}

/** Search clients and a health probe running until `done` settles; their latencies. */
async function measureWhile(server: RunningServer, apiKey: string, done: Promise<unknown>): Promise<PhaseFigures> {
  let running = true;
  void done.finally(() => (running = false));
  const headers = { authorization: `Bearer ${apiKey}` };
  const search: number[] = [];
  const health: number[] = [];
  const timed = async (url: string, into: number[], init?: RequestInit) => {
    const started = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    into.push(performance.now() - started);
  };
  const searchClient = async (client: number) => {
    const queries = ['load', 'seed', 'load-3', 'clip', 'seed-1'];
    for (let round = 0; running && round < MAX_ROUNDS; round++) {
      const q = queries[(client + round) % queries.length]!;
      await timed(`${server.url}/api/v1/search?q=${encodeURIComponent(q)}`, search, { headers });
    }
  };
  const probe = async () => {
    for (let round = 0; running && round < MAX_ROUNDS; round++) {
      await timed(`${server.url}/api/health`, health);
      await sleep(HEALTH_EVERY_MS);
    }
  };
  await Promise.all([probe(), ...Array.from({ length: SEARCH_CLIENTS }, (_, client) => searchClient(client))]);
  await done;
  return {
    healthP99: percentile(health, 99),
    searchP95: percentile(search, 95),
    healthCount: health.length,
    searchCount: search.length,
  };
}

/** tus 1.0: create, then the whole (small) file in one PATCH; the item's id. */
async function upload(server: RunningServer, apiKey: string, file: string): Promise<string> {
  const data = await readFile(file);
  const headers = { authorization: `Bearer ${apiKey}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${server.url}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(data.length),
      'upload-metadata': `filename ${Buffer.from(path.basename(file)).toString('base64')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${await created.text()}`);
  const patched = await fetch(`${server.url}${created.headers.get('location')!}`, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: data,
  });
  if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}: ${await patched.text()}`);
  return created.headers.get('item-id')!;
}

/** Waits until every item's processing has ended; throws on an item in ERROR or past the timeout. */
async function processed(server: RunningServer, apiKey: string, itemIds: string[]): Promise<void> {
  const deadline = Date.now() + LOAD_TIMEOUT_MS;
  const pending = new Set(itemIds);
  for (let round = 0; pending.size > 0 && round < MAX_ROUNDS; round++) {
    for (const itemId of [...pending]) {
      const response = await fetch(`${server.url}/api/v1/items/${itemId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      const item = (await response.json()) as { transcoding: { state: string; error: string | null } | null };
      if (item.transcoding?.state === 'ERROR') throw new Error(`item ${itemId} failed: ${item.transcoding.error}`);
      if (item.transcoding?.state === 'COMPLETE') pending.delete(itemId);
    }
    if (pending.size === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending.size} items still processing after the timeout`);
    await sleep(POLL_MS);
  }
}

/** Short generated clips (system ffmpeg, as the e2e suite uses). */
function clips(dir: string, prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => makeVideo(dir, `${prefix}-${index}.mp4`, CLIP_SECONDS, '640x360'));
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

export async function benchLoad(): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mam-bench-load-'));
  const server = await startServer({ dataDir: path.join(dir, 'data') });
  try {
    const apiKey = await createApiKey(server);
    // Something to find: the searches then plan, read and count like on a library in use.
    const seedIds = await Promise.all(clips(dir, 'seed', SEED_ITEMS).map((file) => upload(server, apiKey, file)));
    await processed(server, apiKey, seedIds);
    const loadFiles = clips(dir, 'load', UPLOADS);

    const idle = await measureWhile(server, apiKey, sleep(IDLE_MS));
    const started = performance.now();
    const work = (async () => {
      const ids = await Promise.all(loadFiles.map((file) => upload(server, apiKey, file)));
      await processed(server, apiKey, ids);
    })();
    const load = await measureWhile(server, apiKey, work);
    const loadSeconds = (performance.now() - started) / 1000;

    const healthPass = load.healthP99 <= HEALTH_P99_TARGET_MS;
    const searchPass = load.searchP95 <= SEARCH_P95_TARGET_RATIO * idle.searchP95;
    return [
      `${SEARCH_CLIENTS} search clients + a health probe; load = ${UPLOADS} concurrent uploads of ${CLIP_SECONDS} s 640x360 clips and their transcodes (${loadSeconds.toFixed(1)} s)`,
      `health p99: idle ${fmt(idle.healthP99)}, under load ${fmt(load.healthP99)} (target ≤ ${HEALTH_P99_TARGET_MS} ms) ${healthPass ? 'PASS' : 'FAIL'}`,
      `search p95: idle ${fmt(idle.searchP95)}, under load ${fmt(load.searchP95)} = ${(load.searchP95 / idle.searchP95).toFixed(2)}x idle (target ≤ ${SEARCH_P95_TARGET_RATIO}x) ${searchPass ? 'PASS' : 'FAIL'}`,
      `samples: health ${idle.healthCount} idle / ${load.healthCount} load, search ${idle.searchCount} idle / ${load.searchCount} load`,
    ];
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchLoad()
    .then((lines) => console.log(lines.join('\n')))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
