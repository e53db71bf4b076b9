import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { serverEntry } from '../scripts/ensure-built.mjs';
import { createApiKey } from './support/api-key';
import { uploadItem } from './support/seed-item';
import { startServer, type RunningServer } from './support/server';

jest.setTimeout(600_000);

const root = path.resolve(__dirname, '..');

type Item = {
  upload: { state: string } | null;
  transcoding: { state: string; error: string | null } | null;
  proxy: { hls: string | null; mp4: string | null };
  urls: { original: string | null; thumbnail: string | null };
};

/** `npm run mam -- …` as an operator runs it (the compiled CLI), on a data directory. */
function mam(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverEntry(root, 'cli'), ...args], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * A backup taken while the server runs (one item playable, another upload half sent) restores into a fresh data
 * directory, where a new server plays the item from the restored media and still knows the unfinished upload.
 */
describe('backup and restore of a running installation', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-e2e-backup-'));
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const item = async (url: string, key: string, id: string) => {
    const response = await fetch(`${url}/api/v1/items/${id}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status, body: (await response.json()) as Item };
  };

  async function waitPlayable(url: string, key: string, id: string): Promise<Item> {
    for (let i = 0; ; i++) {
      const { body } = await item(url, key, id);
      if (body.transcoding?.state === 'COMPLETE' || body.transcoding?.state === 'ERROR') return body;
      if (i > 1200) throw new Error('processing did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function expectPlayable(url: string, key: string, id: string, original: Buffer) {
    const settled = await waitPlayable(url, key, id);
    expect(settled.transcoding).toMatchObject({ state: 'COMPLETE', error: null });
    const headers = { authorization: `Bearer ${key}` };
    for (const media of [settled.proxy.mp4, settled.proxy.hls, settled.urls.thumbnail]) {
      const response = await fetch(`${url}${media}`, { headers });
      expect({ media, status: response.status }).toEqual({ media, status: 200 });
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const fetched = Buffer.from(await (await fetch(`${url}${settled.urls.original}`, { headers })).arrayBuffer());
    expect(fetched.equals(original)).toBe(true);
  }

  it('restores every item, playable, from a backup taken while the server ran', async () => {
    const video = readFileSync(makeVideo(dir, 'evening-news.mp4', 2));
    server = await startServer({ dataDir: path.join(dir, 'live') });
    const key = await createApiKey(server);
    const playable = await uploadItem(server, key, 'evening-news.mp4', video);
    await expectPlayable(server.url, key, playable, video);

    // An upload in progress: created, half its bytes sent.
    const second = readFileSync(makeVideo(dir, 'weather.mp4', 2));
    const headers = { authorization: `Bearer ${key}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(second.length),
        'upload-metadata': `filename ${Buffer.from('weather.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const unfinished = created.headers.get('item-id')!;
    const location = created.headers.get('location')!;
    const half = Math.floor(second.length / 2);
    const patched = await fetch(`${server.url}${location}`, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: second.subarray(0, half),
    });
    expect(patched.status).toBe(204);

    // The backup runs while the server keeps serving (and finishes the other upload meanwhile).
    const archive = path.join(dir, 'backups', 'live.tar.gz');
    const [backup, finished] = await Promise.all([
      mam(server.dataDir, 'backup', '--to', archive),
      fetch(`${server.url}${location}`, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
        body: second.subarray(half),
      }),
    ]);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/Backup written to .*live\.tar\.gz: \d+ tables/);
    expect(finished.status).toBe(204);
    await server.stop();
    server = undefined;

    const restoredDir = path.join(dir, 'restored');
    const restore = await mam(restoredDir, 'restore', '--from', archive);
    expect(restore).toMatchObject({ code: 0 });
    expect(restore.output).toContain('every checksum matched');
    // Refused a second time: the data directory is no longer empty.
    expect(await mam(restoredDir, 'restore', '--from', archive)).toMatchObject({ code: 2 });

    server = await startServer({ dataDir: restoredDir });
    // The API key, the item and its media all came back.
    await expectPlayable(server.url, key, playable, video);
    // The upload that was under way is there too (finished in the snapshot or not, its item exists).
    expect((await item(server.url, key, unfinished)).status).toBe(200);
  });
});
