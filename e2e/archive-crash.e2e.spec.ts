import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { s3StorageInput } from '@mam/api/testing/library-fixtures';
import { writeRandomFile } from '@mam/api/testing/random-file';
import { startS3TestServer, type S3TestServer } from '@mam/workers';
import { createApiKey } from './support/api-key';
import { restCaller } from './support/rest-caller';
import { killServer, startServer, type RunningServer } from './support/server';

jest.setTimeout(600_000);

const MiB = 1024 * 1024;
// Multi-gigabyte by default, as the fault names; smaller for a quick local look.
const FILE_BYTES = Number(process.env.ARCHIVE_CRASH_MIB ?? 2048) * MiB;

type TTransfer = { state: string; error: string | null; bytesDone: number; bytesTotal: number } | null;

/**
 * An HTTP relay to s3rver that counts what the server asks of it: multipart uploads created and parts sent
 * (headers go through as they are, so signatures still hold).
 */
async function countingRelay(target: string) {
  const to = new URL(target);
  const counts = { uploadsCreated: 0, partsSent: 0 };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://relay');
    if (request.method === 'POST' && url.searchParams.has('uploads')) counts.uploadsCreated += 1;
    if (request.method === 'PUT' && url.searchParams.has('partNumber')) counts.partsSent += 1;
    const upstream = http.request(
      { host: to.hostname, port: to.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK keeps its connections alive: close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The files under `dir` whose path names every needle. */
async function filesNaming(dir: string, ...needles: string[]): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => needles.every((needle) => file.includes(needle)));
}

/**
 * kill -9 of the server in the middle of archiving a multi-gigabyte original to S3: after the restart the same
 * multipart upload carries on (parts the storage acknowledged are not sent again), the archived object has the
 * original's SHA-256, and the online copy stays on disk until then.
 */
describe('archive transfer interrupted by kill -9', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-e2e-archive-crash-'));
  const dataDir = path.join(dir, 'data');
  let server: RunningServer | undefined;
  let s3: S3TestServer | undefined;
  let relay: Awaited<ReturnType<typeof countingRelay>> | undefined;

  let client: S3Client | undefined;

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
    await relay?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resumes the same multipart upload after the restart and removes the online copy only once it verified', async () => {
    s3 = await startS3TestServer({ buckets: ['archive'] });
    client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    relay = await countingRelay(s3.endpoint);
    const env = { STORAGE_PRIVATE_ENDPOINTS: relay.host };
    server = await startServer({ dataDir, env });
    const key = await createApiKey(server);
    const call = restCaller(() => server!, key);

    // The original: random bytes uploaded through tus as a client would, streamed from disk.
    const source = path.join(dir, 'master.bin');
    const sha256 = await writeRandomFile(source, FILE_BYTES);
    const created = await fetch(`${server.url}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(FILE_BYTES),
        'upload-metadata': `filename ${Buffer.from('master.bin').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const itemId = created.headers.get('item-id')!;
    const patched = await fetch(`${server.url}${created.headers.get('location')!}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${key}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: Readable.toWeb(createReadStream(source)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(patched.status).toBe(204);
    const item = async () => (await call('GET', `/items/${itemId}`)).body;
    /** The item's object in the archive bucket, once its multipart upload is complete. */
    const archived = async () =>
      (await client!.send(new ListObjectsV2Command({ Bucket: 'archive' }))).Contents?.find((object) =>
        object.Key?.includes(itemId),
      );
    for (let i = 0; ; i++) {
      const current = await item();
      if ((current.version as { sha256: string | null } | null)?.sha256 === sha256) break;
      if (i > 1200) throw new Error(`the upload was not ingested: ${JSON.stringify(current)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [online] = await filesNaming(path.join(dataDir, 'storage'), `${itemId}/`, '/original/');
    expect(online).toBeDefined();
    expect((await stat(online!)).size).toBe(FILE_BYTES);

    const storage = await call(
      'POST',
      '/storages',
      s3StorageInput('Cloud archive', { ...s3, endpoint: relay.endpoint }, 'archive', ['archive']),
    );
    expect(storage.status).toBe(201);
    const started = await call('POST', `/items/${itemId}/archive`, { storageId: storage.body.id });
    expect(started.status).toBe(202);

    // Killed once between a sixth and three fifths of the file is stored.
    let before: TTransfer = null;
    for (let i = 0; ; i++) {
      before = (await item()).archiveFileTransfer as TTransfer;
      const done = before ? before.bytesDone / before.bytesTotal : 0;
      if (before?.state === 'PROGRESSING' && done >= 1 / 6) break;
      if (before?.state === 'COMPLETE' || before?.state === 'ERROR' || i > 3000) {
        throw new Error(`no moment to kill in: ${JSON.stringify(before)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await killServer(server);
    const sentBeforeKill = relay.counts.partsSent;
    expect(before!.bytesDone / before!.bytesTotal).toBeLessThan(0.6);
    // Nothing is lost: the online copy is whole while the archive copy is unfinished.
    expect(await sha256Of(createReadStream(online!))).toBe(sha256);

    server = await startServer({ dataDir, env });
    let after: TTransfer = null;
    for (let i = 0; ; i++) {
      const onlineBytes = await stat(online!).then(
        (found) => found.size,
        () => null,
      );
      after = (await item()).archiveFileTransfer as TTransfer;
      if (after?.state === 'COMPLETE' || after?.state === 'ERROR') break;
      if (i > 6000) throw new Error(`the archive did not finish: ${JSON.stringify(after)}`);
      // Nothing is lost meanwhile: the online copy is deleted once the archive copy is whole and verified, a moment
      // before the transfer reports itself complete.
      if (onlineBytes !== FILE_BYTES) expect((await archived())?.Size).toBe(FILE_BYTES);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(after).toMatchObject({ state: 'COMPLETE', error: null });
    expect((await item()).isArchived).toBe(true);

    // One multipart upload, carried on: the parts sent in all are the file's parts plus at most the few that were
    // in flight at the kill (a fresh start would have sent the sixth-plus stored before it again).
    const parts = Math.ceil(FILE_BYTES / (16 * MiB));
    expect(relay.counts.uploadsCreated).toBe(1);
    expect(sentBeforeKill).toBeGreaterThan(parts / 6 - 4);
    expect(relay.counts.partsSent).toBeLessThanOrEqual(parts + 4);

    // The archived object is the original, byte for byte; the online copy is gone.
    const object = await archived();
    expect(object).toBeDefined();
    const stored = await client!.send(new GetObjectCommand({ Bucket: 'archive', Key: object!.Key }));
    expect(await sha256Of(stored.Body as Readable)).toBe(sha256);
    await expect(stat(online!)).rejects.toThrow();
  });
});
