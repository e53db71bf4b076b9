/**
 * Upload benchmarks against the real server (`startServer()`), authenticated by an API key like any API client:
 *   - tus upload throughput of a 1 GiB file over loopback, as a ratio to copying the same file on the same disk in
 *     the same run (target ≥ 0.5). The baseline is fs.copyFile, a copy as `cp` makes it (in the kernel, so the
 *     stricter one); a stream copy through user space is printed beside it.
 *   - time from the last PATCH's response to a playable proxy MP4 (and to transcoding COMPLETE) for a 60 s 1080p50
 *     clip
 * Run alone with `npx tsx bench/upload.bench.ts`; BENCH_UPLOAD=throughput (or proxy) runs one part only.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { startServer, type RunningServer } from '../e2e/support/server';
import { createApiKey } from '../e2e/support/api-key';

export const UPLOAD_TARGET_RATIO = 0.5;
const MiB = 1024 * 1024;
const BIG_FILE_BYTES = 1024 * MiB;
const CHUNK_BYTES = 64 * MiB;
// Same read size for the stream copy and the upload, so neither wins on syscall count alone.
const READ_BYTES = MiB;
const THROUGHPUT_ROUNDS = 3;
const CLIP_SECONDS = 60;
const POLL_MS = 100;
const PROCESSING_TIMEOUT_MS = 15 * 60 * 1000;

/** The part of the REST item (GET /api/v1/items/:id) this benchmark reads. */
interface ItemJson {
  id: string;
  itemType: string;
  transcoding: { state: string; error: string | null; step: string | null; progress: number } | null;
  urls: { mp4: string | null };
}

interface UploadResult {
  itemId: string;
  /** performance.now() when the response to the last PATCH arrived. */
  finishedAt: number;
  ms: number;
}

const mbPerSecond = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function run(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${binary} failed: ${stderr}`))));
  });
}

/** Dirty pages of one phase would otherwise be written back during the next and slow it down. */
function syncDisks(): Promise<void> {
  return new Promise((resolve) => execFile('sync', () => resolve()));
}

/** 1 MiB of random bytes written over and over: incompressible enough, and fast to make. */
async function writeBigFile(file: string, bytes: number): Promise<void> {
  const block = randomBytes(MiB);
  const handle = await open(file, 'w');
  try {
    for (let written = 0; written < bytes; written += block.length) {
      await handle.write(block, 0, Math.min(block.length, bytes - written));
    }
  } finally {
    await handle.close();
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function makeClip(file: string): Promise<void> {
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=50:duration=${CLIP_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=1000:sample_rate=48000:duration=${CLIP_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '50'],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
}

/** One tus PATCH whose body is streamed from the file, never held in memory. */
function patchChunk(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  file: string,
  offset: number,
  length: number,
): Promise<{ status: number; offset: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'PATCH',
        agent,
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          'content-length': String(length),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, offset: Number(response.headers['upload-offset']), body }),
        );
      },
    );
    request.on('error', reject);
    const body = createReadStream(file, { start: offset, end: offset + length - 1, highWaterMark: READ_BYTES });
    body.on('error', (error) => request.destroy(error));
    body.pipe(request);
  });
}

/** tus 1.0: create (POST), then PATCH the file in chunks; resolves when the last PATCH is answered. */
async function tusUpload(baseUrl: string, apiKey: string, file: string): Promise<UploadResult> {
  const size = (await stat(file)).size;
  const auth = { authorization: `Bearer ${apiKey}` };
  const agent = new Agent({ keepAlive: true });
  try {
    const started = performance.now();
    const created = await fetch(`${baseUrl}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': `filename ${Buffer.from(path.basename(file)).toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`tus create failed ${created.status}: ${await created.text()}`);
    const location = created.headers.get('location');
    const itemId = created.headers.get('item-id');
    if (!location || !itemId) throw new Error('tus create answered without Location or Item-Id');
    const uploadUrl = new URL(location, baseUrl);
    for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
      const length = Math.min(CHUNK_BYTES, size - offset);
      const response = await patchChunk(agent, uploadUrl, auth, file, offset, length);
      if (response.status !== 204 || response.offset !== offset + length) {
        throw new Error(
          `tus PATCH at ${offset} failed ${response.status} (offset ${response.offset}): ${response.body}`,
        );
      }
    }
    const finishedAt = performance.now();
    return { itemId, finishedAt, ms: finishedAt - started };
  } finally {
    agent.destroy();
  }
}

async function getItem(baseUrl: string, apiKey: string, itemId: string): Promise<ItemJson> {
  const response = await fetch(`${baseUrl}/api/v1/items/${itemId}`, { headers: { authorization: `Bearer ${apiKey}` } });
  if (!response.ok) throw new Error(`GET item failed ${response.status}: ${await response.text()}`);
  return (await response.json()) as ItemJson;
}

/** Polls the item until `done` says so; ERROR or the timeout ends the wait with a readable failure. */
async function waitForItem(
  baseUrl: string,
  apiKey: string,
  itemId: string,
  done: (item: ItemJson) => Promise<boolean>,
): Promise<ItemJson> {
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  for (;;) {
    const item = await getItem(baseUrl, apiKey, itemId);
    if (await done(item)) return item;
    if (item.transcoding?.state === 'ERROR') throw new Error(`processing failed: ${item.transcoding.error}`);
    if (Date.now() > deadline) throw new Error(`item not ready after ${PROCESSING_TIMEOUT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

async function isPlayable(baseUrl: string, apiKey: string, mp4Url: string): Promise<boolean> {
  const response = await fetch(new URL(mp4Url, baseUrl), { headers: { authorization: `Bearer ${apiKey}` } });
  // Only the status matters; the body is not read.
  await response.body?.cancel();
  return response.status === 200;
}

async function benchThroughput(server: RunningServer, apiKey: string, dir: string): Promise<string[]> {
  const source = path.join(dir, 'bench-1gib.bin');
  const copy = path.join(dir, 'bench-1gib-copy.bin');
  await writeBigFile(source, BIG_FILE_BYTES);
  await syncDisks();

  // Rounds interleave the three, so drift in the machine's disk speed hits them alike; medians are compared.
  const copyFileMs: number[] = [];
  const streamCopyMs: number[] = [];
  const uploadMs: number[] = [];
  const processing = new Set<string>();
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    copyFileMs.push(await timed(() => copyFile(source, copy)));
    await rm(copy);
    await syncDisks();
    streamCopyMs.push(
      await timed(() => pipeline(createReadStream(source, { highWaterMark: READ_BYTES }), createWriteStream(copy))),
    );
    await rm(copy);
    await syncDisks();
    const upload = await tusUpload(server.url, apiKey, source);
    uploadMs.push(upload.ms);
    // The upload becomes a 'file' item whose processing reads it back: it must be over before the next measurement.
    const item = await waitForItem(server.url, apiKey, upload.itemId, async (i) =>
      ['COMPLETE', 'ERROR'].includes(i.transcoding?.state ?? ''),
    );
    processing.add(`'${item.itemType}' item, processing ${item.transcoding?.state ?? 'unknown'}`);
    await syncDisks();
  }
  await rm(source);

  const upload = mbPerSecond(BIG_FILE_BYTES, median(uploadMs));
  const copied = mbPerSecond(BIG_FILE_BYTES, median(copyFileMs));
  const streamed = mbPerSecond(BIG_FILE_BYTES, median(streamCopyMs));
  const ratio = upload / copied;
  const row = (name: string, samples: number[]) =>
    `  ${name.padEnd(12)} ${mbPerSecond(BIG_FILE_BYTES, median(samples)).toFixed(0).padStart(6)} MB/s   (runs: ${samples.map((ms) => (ms / 1000).toFixed(2)).join(' s, ')} s)`;
  return [
    `upload of a 1 GiB file over loopback (tus, ${CHUNK_BYTES / MiB} MiB PATCHes, API key) vs. copying it on the same disk, median of ${THROUGHPUT_ROUNDS}`,
    row('tus upload', uploadMs),
    row('fs.copyFile', copyFileMs),
    row('stream copy', streamCopyMs),
    `  ratio to fs.copyFile ${ratio.toFixed(2)}x (target >= ${UPLOAD_TARGET_RATIO.toFixed(2)}x): ${ratio >= UPLOAD_TARGET_RATIO ? 'PASS' : 'FAIL'}; to the stream copy ${(upload / streamed).toFixed(2)}x`,
    // Tells what a FAIL means here: an upload passes every byte through user space, as the stream copy does, while
    // fs.copyFile copies inside the kernel (copy_file_range); the gap between those two no upload path can close.
    `  the stream copy (user space) runs at ${(streamed / copied).toFixed(2)}x of fs.copyFile (in the kernel) on this machine`,
    `  each upload became a ${[...processing].join(' / ')}`,
  ];
}

async function benchProxy(server: RunningServer, apiKey: string, dir: string): Promise<string[]> {
  const clip = path.join(dir, 'bench-1080p50.mp4');
  await makeClip(clip);
  const clipBytes = (await stat(clip)).size;
  const upload = await tusUpload(server.url, apiKey, clip);
  const item = await waitForItem(
    server.url,
    apiKey,
    upload.itemId,
    async (i) => i.urls.mp4 !== null && (await isPlayable(server.url, apiKey, i.urls.mp4)),
  );
  const playableMs = performance.now() - upload.finishedAt;
  let completeMs = playableMs;
  if (item.transcoding?.state !== 'COMPLETE') {
    await waitForItem(server.url, apiKey, upload.itemId, async (i) => i.transcoding?.state === 'COMPLETE');
    completeMs = performance.now() - upload.finishedAt;
  }
  return [
    `${CLIP_SECONDS} s 1080p50 H.264/AAC clip (${(clipBytes / MiB).toFixed(1)} MiB) from the last PATCH's response`,
    `  to a playable proxy MP4 (urls.mp4 answers 200)   ${(playableMs / 1000).toFixed(2)} s`,
    `  to transcoding COMPLETE                          ${(completeMs / 1000).toFixed(2)} s`,
  ];
}

/** The upload benchmarks of `npm run bench`: lines to print. */
export async function benchUpload(): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mam-bench-upload-'));
  let server: RunningServer | null = null;
  try {
    server = await startServer();
    const apiKey = await createApiKey(server, 'bench');
    const only = process.env.BENCH_UPLOAD;
    const throughput = only === 'proxy' ? [] : await benchThroughput(server, apiKey, dir);
    const proxy = only === 'throughput' ? [] : await benchProxy(server, apiKey, dir);
    return [...throughput, ...proxy];
  } catch (error) {
    const output = server?.output().slice(-4000);
    if (output && error instanceof Error) error.message += `\nserver output (tail):\n${output}`;
    throw error;
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchUpload()
    .then((lines) => console.log(lines.join('\n')))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
