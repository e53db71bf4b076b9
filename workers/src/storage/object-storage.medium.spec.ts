import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createLocalStorage } from './local-storage';
import { StorageError, type ObjectStorage } from './object-storage';
import { parsePrivateEndpoints } from './endpoint-guard';
import { createS3Storage } from './s3-storage';
import { scopeStorage } from './scoped-storage';
import { startS3TestServer, type S3TestServer } from './testing/s3-test-server';

const MiB = 1024 * 1024;
// The private-network guard stays on, with s3rver's loopback address allowed the way an operator would allow MinIO.
const privateEndpoints = parsePrivateEndpoints('127.0.0.1');

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `size` bytes of a repeatable pseudo-random pattern, generated chunk by chunk; the hash is known at the end. */
function generated(size: number, seed = 1) {
  const hash = createHash('sha256');
  let state = seed;
  async function* chunks() {
    let left = size;
    while (left > 0) {
      const chunk = Buffer.alloc(Math.min(left, 256 * 1024));
      for (let i = 0; i < chunk.length; i += 4) {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        chunk.writeUInt32LE(state, i);
      }
      hash.update(chunk);
      left -= chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), digest: () => hash.digest('hex') };
}

async function sha256(body: Readable): Promise<{ digest: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { digest: hash.digest('hex'), bytes };
}

async function expectStorageError(promise: Promise<unknown>, reason: StorageError['reason'], message?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageError);
  expect((error as StorageError).reason).toBe(reason);
  if (message) expect((error as StorageError).message).toMatch(message);
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let s3: S3TestServer;
let scratch: string;

beforeAll(async () => {
  s3 = await startS3TestServer({ buckets: ['media', 'other'] });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'mam-storage-spec-'));
});
afterAll(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

interface TImplementation {
  name: string;
  create(): Promise<ObjectStorage>;
}

const implementations: TImplementation[] = [
  {
    name: 'local',
    create: async () => createLocalStorage({ root: await mkdtemp(path.join(scratch, 'local-')) }),
  },
  {
    name: 's3',
    create: async () =>
      createS3Storage({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'media',
        prefix: `run-${Math.random().toString(36).slice(2)}`,
        credentials: s3.credentials,
        forcePathStyle: true,
        partSize: 5 * MiB,
        privateEndpoints,
      }),
  },
];

describe.each(implementations)('$name object storage', ({ create }) => {
  let storage: ObjectStorage;
  beforeAll(async () => {
    storage = await create();
  });

  it('stores a stream and reads it back with its size and type', async () => {
    const put = await storage.put('t1/items/a/v/thumbnail.jpg', Readable.from([Buffer.from('jpeg bytes')]));
    expect(put.size).toBe(10);
    const got = await storage.get('t1/items/a/v/thumbnail.jpg');
    expect(got.size).toBe(10);
    expect(got.contentType).toBe('image/jpeg');
    expect(await text(got.body)).toBe('jpeg bytes');
    expect(await storage.head('t1/items/a/v/thumbnail.jpg')).toMatchObject({ size: 10, contentType: 'image/jpeg' });
  });

  it('replaces an object, and a failed write leaves the old one whole', async () => {
    await storage.put('t1/replace/waveform.json', Readable.from([Buffer.from('{"v":1}')]));
    await storage.put('t1/replace/waveform.json', Readable.from([Buffer.from('{"v":2}')]));
    expect(await text((await storage.get('t1/replace/waveform.json')).body)).toBe('{"v":2}');

    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error('source broke');
    }
    await expect(storage.put('t1/replace/waveform.json', Readable.from(failing()))).rejects.toThrow();
    expect(await text((await storage.get('t1/replace/waveform.json')).body)).toBe('{"v":2}');
    expect((await storage.list('t1/replace/')).map((e) => e.key)).toEqual(['t1/replace/waveform.json']);
  });

  it('streams a 12 MiB upload (several parts on S3) and reads it back identically', async () => {
    const source = generated(12 * MiB);
    const put = await storage.put('t1/items/big/v/original/big.mxf', source.stream, {
      contentType: 'application/mxf',
    });
    expect(put.size).toBe(12 * MiB);
    const got = await storage.get('t1/items/big/v/original/big.mxf');
    expect(got.size).toBe(12 * MiB);
    expect(await sha256(got.body)).toEqual({ digest: source.digest(), bytes: 12 * MiB });
  });

  it('reads byte ranges, clamping the end to the object', async () => {
    await storage.put('t1/range/proxy.mp4', Readable.from([Buffer.from('0123456789abcdefghij')]));
    const middle = await storage.get('t1/range/proxy.mp4', { start: 5, end: 9 });
    expect(middle.size).toBe(20);
    expect(await text(middle.body)).toBe('56789');
    expect(await text((await storage.get('t1/range/proxy.mp4', { start: 15, end: 1000 })).body)).toBe('fghij');
    await expectStorageError(storage.get('t1/range/proxy.mp4', { start: 30, end: 40 }), 'invalid_range');
  });

  it('stores a copy of a local file and says ENOENT for a missing one', async () => {
    const file = path.join(scratch, `source-${Math.random()}.m3u8`);
    await writeFile(file, '#EXTM3U\n');
    expect(await storage.putFile('t1/hls/master.m3u8', file)).toEqual({ size: 8 });
    expect(existsSync(file)).toBe(true);
    const got = await storage.get('t1/hls/master.m3u8');
    expect(got.contentType).toBe('application/vnd.apple.mpegurl');
    expect(await text(got.body)).toBe('#EXTM3U\n');
    await expect(storage.putFile('t1/hls/missing.ts', path.join(scratch, 'nope.ts'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await storage.head('t1/hls/missing.ts')).toBeNull();
  });

  it('answers null, not_found and an idempotent delete for missing objects', async () => {
    expect(await storage.head('t1/none/thing.jpg')).toBeNull();
    await expectStorageError(storage.get('t1/none/thing.jpg'), 'not_found');
    await expectStorageError(storage.toLocalFile('t1/none/thing.jpg', scratch), 'not_found');
    await expect(storage.delete('t1/none/thing.jpg')).resolves.toBeUndefined();
  });

  it('lists by string prefix, sorted, and deletes by prefix only what matches', async () => {
    for (const key of ['t2/items/i1/v1/a.jpg', 't2/items/i1/v1/hls/seg1.ts', 't2/items/i10/v/b.jpg', 't2/x/c.jpg']) {
      await storage.put(key, Readable.from([Buffer.from(key)]));
    }
    const listed = await storage.list('t2/items/i1/');
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 't2/items/i1/v1/a.jpg', size: 20 },
      { key: 't2/items/i1/v1/hls/seg1.ts', size: 26 },
    ]);
    // A storage scan's date range and "known file" test read these.
    for (const entry of listed) expect(Date.now() - entry.modifiedAt!.getTime()).toBeLessThan(60_000);
    if (storage.kind === 's3') for (const entry of listed) expect(entry.etag).toMatch(/^[0-9a-f]{32}/);
    expect((await storage.list('t2/items/i1')).map((e) => e.key)).toEqual([
      't2/items/i1/v1/a.jpg',
      't2/items/i1/v1/hls/seg1.ts',
      't2/items/i10/v/b.jpg',
    ]);
    expect(await storage.list('t2/nothing/')).toEqual([]);
    expect(await storage.deletePrefix('t2/items/i1/')).toBe(2);
    expect((await storage.list('t2/')).map((e) => e.key)).toEqual(['t2/items/i10/v/b.jpg', 't2/x/c.jpg']);
    await storage.delete('t2/x/c.jpg');
    expect((await storage.list('t2/')).map((e) => e.key)).toEqual(['t2/items/i10/v/b.jpg']);
    await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(StorageError);
  });

  it('gives ffmpeg a local file with the same content and name', async () => {
    await storage.put('t1/local/original/clip.mov', Readable.from([Buffer.from('movie')]));
    const tmp = path.join(scratch, 'work');
    const local = await storage.toLocalFile('t1/local/original/clip.mov', tmp);
    expect(path.basename(local.path)).toBe('clip.mov');
    expect(await readFile(local.path, 'utf8')).toBe('movie');
    await local.cleanup();
    // The original is still there either way.
    expect(await storage.head('t1/local/original/clip.mov')).toMatchObject({ size: 5 });
  });

  it('refuses keys that could leave the location', async () => {
    for (const key of ['../escape.txt', '/etc/passwd', 'a//b', 'a/./b', 'a/../../b', 'a\\..\\b', '']) {
      await expectStorageError(storage.put(key, Readable.from([Buffer.from('x')])), 'invalid_key');
      await expectStorageError(storage.get(key), 'invalid_key');
    }
    await expectStorageError(storage.list('../'), 'invalid_key');
    await expectStorageError(storage.deletePrefix('..'), 'invalid_key');
  });

  it('passes its connection test', async () => {
    await expect(storage.test()).resolves.toBeUndefined();
    // The probe leaves nothing behind.
    expect((await storage.list('')).filter((e) => e.key.includes('connection-test'))).toEqual([]);
  });

  it('is confined to its scope when scoped to a tenant', async () => {
    const scoped = scopeStorage(storage, 't1/');
    expect(await scoped.head('t1/items/a/v/thumbnail.jpg')).toMatchObject({ size: 10 });
    await expectStorageError(scoped.get('t2/items/i10/v/b.jpg'), 'invalid_key');
    await expectStorageError(scoped.deletePrefix('t2/'), 'invalid_key');
    await expectStorageError(scoped.list(''), 'invalid_key');
    expect(await storage.head('t2/items/i10/v/b.jpg')).not.toBeNull();
  });
});

describe('local object storage', () => {
  it('keeps files under its root only and leaves no partial files after a failed write', async () => {
    const root = await mkdtemp(path.join(scratch, 'root-'));
    const storage = createLocalStorage({ root });
    await storage.put('tenant/a/b.txt', Readable.from([Buffer.from('b')]));
    expect(await readFile(path.join(root, 'tenant/a/b.txt'), 'utf8')).toBe('b');
    await expectStorageError(storage.put('.partial/x', Readable.from([Buffer.from('x')])), 'invalid_key');
    async function* failing() {
      yield Buffer.from('half');
      throw new Error('broken');
    }
    await expect(storage.put('tenant/a/c.txt', Readable.from(failing()))).rejects.toThrow('broken');
    expect(await readdir(path.join(root, '.partial'))).toEqual([]);
    expect((await storage.list('')).map((e) => e.key)).toEqual(['tenant/a/b.txt']);
    // toLocalFile hands out the stored file itself; its cleanup does not delete it.
    const local = await storage.toLocalFile('tenant/a/b.txt', scratch);
    expect(local.path).toBe(path.join(root, 'tenant/a/b.txt'));
    await local.cleanup();
    expect(existsSync(local.path)).toBe(true);
    // Deleting the last file of a folder removes the emptied folders, not the root.
    await storage.delete('tenant/a/b.txt');
    expect(await readdir(root)).toEqual(['.partial']);
  });

  it('says when its folder cannot be written', async () => {
    const file = path.join(scratch, `not-a-folder-${Math.random()}`);
    await writeFile(file, 'x');
    await expectStorageError(createLocalStorage({ root: file }).test(), 'failed', /cannot be used/);
  });
});

describe('S3 object storage', () => {
  const base = () => ({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: 'media',
    prefix: 'prefixed/area',
    credentials: s3.credentials,
    forcePathStyle: true,
    privateEndpoints,
  });

  it('applies the path prefix inside the bucket', async () => {
    const storage = createS3Storage(base());
    await storage.put('t9/file.json', Readable.from([Buffer.from('{}')]));
    const root = createS3Storage({ ...base(), prefix: '' });
    expect(await root.list('prefixed/area/t9/')).toMatchObject([{ key: 'prefixed/area/t9/file.json', size: 2 }]);
    expect(await storage.list('t9/')).toMatchObject([{ key: 't9/file.json', size: 2 }]);
    storage.destroy();
    root.destroy();
  });

  it('uploads a stream longer than one part as a multipart upload', async () => {
    // A pass-through proxy in front of the server that notes every request, to see the parts go by.
    const requests: string[] = [];
    const target = new URL(s3.endpoint);
    const proxy = createHttpServer((incoming, outgoing) => {
      requests.push(`${incoming.method} ${incoming.url}`);
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as { port: number };
    const storage = createS3Storage({ ...base(), endpoint: `http://127.0.0.1:${port}`, partSize: 5 * MiB });
    const source = generated(12 * MiB, 7);
    expect(await storage.put('t9/multi.bin', source.stream)).toEqual({ size: 12 * MiB });
    const parts = requests.filter((r) => r.startsWith('PUT ') && /[?&]partNumber=\d+/.test(r));
    // 5 + 5 + 2 MiB.
    expect(parts).toHaveLength(3);
    expect(requests.some((r) => r.startsWith('POST ') && r.includes('uploads'))).toBe(true);
    expect(await sha256((await storage.get('t9/multi.bin')).body)).toEqual({
      digest: source.digest(),
      bytes: 12 * MiB,
    });
    storage.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('reports an unknown access key clearly', async () => {
    // s3rver checks access key ids but not version 4 signatures; the secret-key case is covered by the unit spec.
    const wrongKey = createS3Storage({ ...base(), credentials: { accessKeyId: 'NOPE', secretAccessKey: 'S3RVER' } });
    await expectStorageError(wrongKey.test(), 'invalid_credentials', /access key is not known/);
    await expectStorageError(wrongKey.get('t9/file.json'), 'invalid_credentials');
    await expectStorageError(wrongKey.put('t9/x.txt', Readable.from([Buffer.from('x')])), 'invalid_credentials');
    wrongKey.destroy();
  });

  it('reports a missing bucket by name', async () => {
    const storage = createS3Storage({ ...base(), bucket: 'no-such-bucket' });
    await expectStorageError(storage.test(), 'bucket_not_found', /"no-such-bucket" does not exist/);
    await expectStorageError(storage.put('t9/x.txt', Readable.from([Buffer.from('x')])), 'bucket_not_found');
    storage.destroy();
  });

  it('refuses the private network unless the operator allowed the endpoint', async () => {
    const refused = createS3Storage({ ...base(), privateEndpoints: [] });
    await expectStorageError(refused.test(), 'unreachable', /private network; the operator has not allowed it/);
    refused.destroy();
    // A name resolving to loopback: refused at connection time unless allowed, then served through the same lookup.
    const { port } = new URL(s3.endpoint);
    const byName = { ...base(), endpoint: `http://localhost:${port}` };
    const unlisted = createS3Storage(byName);
    await expectStorageError(unlisted.head('t9/file.json'), 'unreachable', /private network/);
    unlisted.destroy();
    const listed = createS3Storage({ ...byName, privateEndpoints: parsePrivateEndpoints(`localhost:${port}`) });
    await listed.put('t9/by-name.txt', Readable.from([Buffer.from('by name')]));
    expect(await text((await listed.get('t9/by-name.txt')).body)).toBe('by name');
    listed.destroy();
  });

  it('reports an endpoint nobody answers at', async () => {
    const storage = createS3Storage({ ...base(), endpoint: `http://127.0.0.1:${await closedPort()}` });
    await expectStorageError(storage.test(), 'unreachable', /cannot be reached \(ECONNREFUSED\)/);
    storage.destroy();
  });

  it('downloads to a temporary file for ffmpeg and removes it on cleanup', async () => {
    const storage = createS3Storage(base());
    const source = generated(3 * MiB, 3);
    await storage.put('t9/original/source.mxf', source.stream);
    const tmp = path.join(scratch, 's3-work');
    const local = await storage.toLocalFile('t9/original/source.mxf', tmp);
    expect(local.path.startsWith(tmp)).toBe(true);
    expect(path.basename(local.path)).toBe('source.mxf');
    expect(
      createHash('sha256')
        .update(await readFile(local.path))
        .digest('hex'),
    ).toBe(source.digest());
    await local.cleanup();
    expect(existsSync(local.path)).toBe(false);
    expect(await readdir(tmp)).toEqual([]);
    storage.destroy();
  });
});
