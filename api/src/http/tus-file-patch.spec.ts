import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { MemoryLocker, Upload } from '@tus/server';
import { patchIntoFileStore, type TusFilePatchDeps } from './tus-file-patch';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('tus PATCH straight into the file store', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-tus-patch-'));
  const datastore = new FileStore({ directory: dir });
  const locker = new MemoryLocker({ acquireLockTimeout: 2000 });
  const progress: number[] = [];
  const finished: Upload[] = [];
  let handedBack = 0;
  const deps: TusFilePatchDeps = {
    datastore,
    locker,
    directory: dir,
    expiryMs: 60_000,
    lockDrainMs: 200,
    onProgress: (upload) => progress.push(upload.offset),
    onFinish: async (upload) => {
      finished.push(upload);
    },
  };
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const id = req.url!.slice(1);
      void patchIntoFileStore(deps, req, res, id).then((done) => {
        if (done) return;
        handedBack += 1;
        res.writeHead(299).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  async function create(id: string, size: number | undefined, creationDate = new Date().toISOString()) {
    await datastore.create(new Upload({ id, size, offset: 0, creation_date: creationDate, metadata: {} }));
  }

  function patch(id: string, offset: number, body: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `/${id}`,
          method: 'PATCH',
          headers: {
            'tus-resumable': '1.0.0',
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
            'content-length': String(body.length),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('appends at the offset, answers the new offset and finishes with the last byte', async () => {
    await create('whole', 10);
    const first = await patch('whole', 0, Buffer.from('01234'));
    expect(first).toMatchObject({ status: 204, headers: { 'upload-offset': '5', 'tus-resumable': '1.0.0' } });
    expect(first.headers['upload-expires']).toBeTruthy();
    expect(progress.at(-1)).toBe(5);
    expect(finished).toHaveLength(0);

    const last = await patch('whole', 5, Buffer.from('56789'));
    expect(last).toMatchObject({ status: 204, headers: { 'upload-offset': '10' } });
    expect(last.headers['upload-expires']).toBeUndefined();
    expect(readFileSync(path.join(dir, 'whole'), 'utf8')).toBe('0123456789');
    expect(finished.map((u) => [u.id, u.offset, u.size])).toEqual([['whole', 10, 10]]);
  });

  it("refuses a PATCH at another offset than the file's, a body beyond the length and an unknown upload", async () => {
    await create('strict', 4);
    expect((await patch('strict', 2, Buffer.from('ab'))).status).toBe(409);
    expect((await patch('strict', 0, Buffer.from('abcde'))).status).toBe(413);
    expect((await patch('missing', 0, Buffer.from('ab'))).status).toBe(404);
    expect((await patch('strict', 0, Buffer.from('ab'), { 'content-type': 'text/plain' })).status).toBe(403);
    expect((await patch('strict', 0, Buffer.from('ab'), { 'tus-resumable': '' })).status).toBe(412);
    // Nothing of the refused bodies reached the file.
    expect(readFileSync(path.join(dir, 'strict'), 'utf8')).toBe('');
  });

  it('answers 410 for an upload past its expiry', async () => {
    await create('old', 4, new Date(Date.now() - 120_000).toISOString());
    expect((await patch('old', 0, Buffer.from('ab'))).status).toBe(410);
  });

  it('hands a deferred length back to the general tus handler without reading the body', async () => {
    await create('deferred', undefined);
    const before = handedBack;
    expect((await patch('deferred', 0, Buffer.from('ab'))).status).toBe(299);
    expect((await patch('deferred', 0, Buffer.from('ab'), { 'upload-length': '2' })).status).toBe(299);
    expect(handedBack).toBe(before + 2);
  });

  it('gives up its lock when another request of the upload asks: the stalled body is cut, its bytes kept', async () => {
    await create('stalled', 10);
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/stalled',
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': '10',
      },
    });
    req.on('error', () => undefined);
    // Half the body, then the client goes quiet, as on a dropped connection.
    req.write('01234');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = locker.newLock('stalled');
    const started = Date.now();
    await next.lock(new AbortController().signal, async () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await next.unlock();
    const upload = await datastore.getUpload('stalled');
    expect(upload.offset).toBe(5);
    expect((await patch('stalled', 5, Buffer.from('56789'))).status).toBe(204);
    expect(readFileSync(path.join(dir, 'stalled'), 'utf8')).toBe('0123456789');
  });

  it('waits for the lock another request of the same upload holds', async () => {
    await create('locked', 2);
    const held = locker.newLock('locked');
    await held.lock(new AbortController().signal, async () => undefined);
    const pending = patch('locked', 0, Buffer.from('ab'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(path.join(dir, 'locked'), 'utf8')).toBe('');
    await held.unlock();
    expect((await pending).status).toBe(204);
    expect(readFileSync(path.join(dir, 'locked'), 'utf8')).toBe('ab');
  });
});
