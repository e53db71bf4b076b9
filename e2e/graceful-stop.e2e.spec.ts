import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { startServer, type RunningServer } from './support/server';

jest.setTimeout(600_000);

type Item = { transcoding: { state: string; step: string | null; error: string | null } | null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * systemd and Docker stop a service by sending SIGTERM to its whole process group, so ffprobe and ffmpeg get it too.
 * Mid-upload and mid-transcode: the server exits within its shutdown deadline, and after a restart every upload
 * resumes and every item finishes; none ends in ERROR because its tool was stopped.
 */
describe('a graceful stop of the whole process group', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-e2e-sigterm-'));
  const dataDir = path.join(dir, 'data');
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands every running step back and finishes every item after the restart', async () => {
    const env = { MEDIA_CONCURRENCY: '2', SHUTDOWN_TIMEOUT_SECONDS: '5' };
    server = await startServer({ dataDir, env, processGroup: true });
    const key = await createApiKey(server);
    const headers = { authorization: `Bearer ${key}`, 'tus-resumable': '1.0.0' };
    const files: Buffer[] = [];
    for (let index = 0; index < 6; index++) {
      files.push(readFileSync(makeVideo(dir, `stop-${index}.mp4`, 4, '960x540')));
    }
    const uploads = await Promise.all(
      files.map(async (data, index) => {
        const created = await fetch(`${server!.url}/api/v1/uploads`, {
          method: 'POST',
          headers: {
            ...headers,
            'upload-length': String(data.length),
            'upload-metadata': `filename ${Buffer.from(`stop-${index}.mp4`).toString('base64')}`,
          },
        });
        expect(created.status).toBe(201);
        return { data, location: created.headers.get('location')!, itemId: created.headers.get('item-id')! };
      }),
    );
    const patch = (base: string, location: string, offset: number, chunk: Buffer) =>
      fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: chunk,
      });
    // Four whole uploads (their processing starts), two half-way.
    for (const [index, upload] of uploads.entries()) {
      const end = index < 4 ? upload.data.length : Math.floor(upload.data.length / 2);
      expect((await patch(server.url, upload.location, 0, upload.data.subarray(0, end))).status).toBe(204);
    }
    const item = async (base: string, itemId: string) =>
      (await (await fetch(`${base}/api/v1/items/${itemId}`, { headers })).json()) as Item;

    // Stopped while media tools run: two steps of the first four are under way.
    for (let round = 0; ; round++) {
      const states = await Promise.all(uploads.slice(0, 4).map((upload) => item(server!.url, upload.itemId)));
      const busy = states.filter((state) => state.transcoding?.state === 'PROGRESSING' && state.transcoding.step);
      if (busy.some((state) => ['probe', 'proxy', 'thumbnail', 'hls', 'playable'].includes(state.transcoding!.step!)))
        break;
      if (round > 1200) throw new Error('processing never got under way');
      await sleep(25);
    }
    // A slow client's PATCH is in flight: a stop that waits for it leaves the media work running meanwhile, whose
    // tools the same SIGTERM has ended.
    const slow = uploads[5]!;
    const slowOffset = Math.floor(slow.data.length / 2);
    const slowPatch = request(`${server.url}${slow.location}`, {
      method: 'PATCH',
      headers: {
        ...headers,
        'upload-offset': String(slowOffset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(slow.data.length - slowOffset),
      },
    });
    const slowAnswered = new Promise<number | string>((resolve) => {
      slowPatch.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      slowPatch.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    slowPatch.write(slow.data.subarray(slowOffset, slowOffset + 1024));
    const slowRest = setTimeout(() => slowPatch.end(slow.data.subarray(slowOffset + 1024)), 25_000);
    await sleep(200);

    const stopped = performance.now();
    const exited = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        try {
          process.kill(server!.pid, 0);
        } catch {
          clearInterval(check);
          resolve();
        }
      }, 25);
    });
    process.kill(-server.pid, 'SIGTERM');
    await exited;
    // Cut at the deadline (SHUTDOWN_TIMEOUT_SECONDS), not waited for.
    expect(performance.now() - stopped).toBeLessThan(15_000);
    clearTimeout(slowRest);
    expect(await slowAnswered).not.toBe(204);
    expect(server.output()).not.toMatch(/shutdown overran/);

    server = await startServer({ dataDir, env, processGroup: true });
    for (const upload of uploads.slice(4)) {
      const head = await fetch(`${server.url}${upload.location}`, { method: 'HEAD', headers });
      // At least what the PATCH before the stop brought; the cut one may have added to it.
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(Math.floor(upload.data.length / 2));
      expect((await patch(server.url, upload.location, offset, upload.data.subarray(offset))).status).toBe(204);
    }
    const settled: Record<string, Item['transcoding']> = {};
    for (let round = 0; Object.keys(settled).length < uploads.length; round++) {
      for (const upload of uploads) {
        const state = (await item(server.url, upload.itemId)).transcoding;
        if (state?.state === 'COMPLETE' || state?.state === 'ERROR') settled[upload.itemId] = state;
      }
      if (round > 2400) throw new Error('processing did not finish after the restart');
      await sleep(100);
    }
    for (const upload of uploads) {
      expect(settled[upload.itemId]).toMatchObject({ state: 'COMPLETE', error: null });
    }
  });
});
