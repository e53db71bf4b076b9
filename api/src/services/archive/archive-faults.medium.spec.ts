import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import { startS3TestServer, type MultipartUploads, type ObjectStorage, type S3TestServer } from '@mam/workers';
import {
  adminActor,
  adminApiKey,
  insertItem,
  rest,
  s3StorageInput,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../../testing/library-fixtures';
import { eventually, sha256, readAll } from '../../testing/storage-checks';

type TTransferJson = { state: string; error: string | null; enabled: boolean } | null;
type TItemJson = { isArchived: boolean; archiveFileTransfer: TTransferJson };

const MiB = 1024 * 1024;
// The smallest part S3 allows: a file of some tens of MiB makes enough parts to crash between them.
const PART_SIZE = 5 * MiB;

/** A TCP relay to s3rver on a fixed port: `down()` refuses connections and cuts open ones, `up()` listens again. */
async function relayTo(target: string) {
  const { port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async down() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    up: () => listen(port),
    async close() {
      if (server.listening) await this.down();
    },
  };
}

/**
 * Archive transfers to an S3 location (s3rver) under faults: a transfer cut off after some parts carries on from the
 * parts stored, and an archive storage that is down is retried with backoff, then reported with its reason; the online
 * copy stays readable and in place until the archive copy is verified.
 */
describe('archive transfers to S3 under faults', () => {
  let lib: TTwoTenantLibrary;
  let alphaKey: string;
  let s3: S3TestServer;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let online: { id: string; storage: ObjectStorage };
  let archiveId: string;
  // What the archive location's multipart verbs were asked, as the test's wrapper saw it.
  const calls = { creates: [] as number[], parts: [] as number[] };
  let crashAfterParts: number | null = null;
  let cutOff = 0;

  beforeAll(async () => {
    s3 = await startS3TestServer({ buckets: ['archive'] });
    relay = await relayTo(s3.endpoint);
    lib = await twoTenantLibrary('pglite', { media: true });
    alphaKey = await adminApiKey(lib.t, lib.alpha);
    online = await lib.t.services.storages.defaultFor(lib.alpha.tenant.id, 'upload');
    const created = await lib.t.services.storages.create(
      await adminActor(lib.t, lib.alpha),
      s3StorageInput('Cloud archive', { endpoint: relay.endpoint, credentials: s3.credentials }, 'archive', [
        'archive',
      ]),
      null,
    );
    archiveId = created.id;
    const storages = lib.t.services.storages;
    const resolve = storages.resolve.bind(storages);
    storages.resolve = async (tenantId, storageId) => {
      const storage = await resolve(tenantId, storageId);
      if (storageId !== archiveId || !storage.multipart) return storage;
      const multipart: MultipartUploads = storage.multipart;
      return {
        ...storage,
        multipart: {
          ...multipart,
          partSizeFor: () => PART_SIZE,
          create: async (key, options) => {
            calls.creates.push(Date.now());
            return multipart.create(key, options);
          },
          uploadPart: async (key, uploadId, partNumber, body, signal) => {
            // The server stops here: parts after the first `crashAfterParts` are in flight until the stop aborts them.
            if (crashAfterParts !== null && calls.parts.length >= crashAfterParts) {
              cutOff += 1;
              return new Promise<never>((_resolve, reject) =>
                signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
              );
            }
            calls.parts.push(partNumber);
            return multipart.uploadPart(key, uploadId, partNumber, body, signal);
          },
        },
      };
    };
  }, 120_000);
  afterAll(async () => {
    await lib?.t.dispose();
    await relay?.close();
    await s3?.close();
  });
  beforeEach(() => {
    calls.creates = [];
    calls.parts = [];
  });

  async function itemWithOriginal(title: string, size: number) {
    const tenantId = lib.alpha.tenant.id;
    const row = await insertItem(lib.t, lib.alpha, {
      title,
      folderId: lib.root,
      ownerId: lib.alpha.admin.id,
      storageId: online.id,
      generatedStorageId: online.id,
    });
    const repos = lib.t.services.deps.repos;
    const bytes = randomBytes(size);
    const key = `${tenantId}/items/${row.id}/${row.leadingVersionId}/original.mxf`;
    await online.storage.put(key, Readable.from([bytes]));
    await repos.items.updateVersion(tenantId, row.leadingVersionId!, {
      originalKey: key,
      fileSize: size,
      sha256: sha256(bytes),
    });
    return { id: row.id, versionId: row.leadingVersionId!, key, bytes };
  }

  const getItem = async (id: string) => (await rest(lib.t, alphaKey, 'GET', `/items/${id}`)).body as TItemJson;

  async function settled(id: string, state: 'COMPLETE' | 'ERROR', timeoutMs = 60_000): Promise<TItemJson> {
    return eventually(async () => {
      const item = await getItem(id);
      if (item.archiveFileTransfer?.state !== state) throw new Error(`transfer is ${item.archiveFileTransfer?.state}`);
      return item;
    }, timeoutMs);
  }

  /** The online copy is whole and the version still reads from it. */
  async function expectOnline(media: Awaited<ReturnType<typeof itemWithOriginal>>) {
    expect(sha256(await readAll(online.storage, media.key))).toBe(sha256(media.bytes));
    const version = await lib.t.services.deps.repos.items.findVersion(lib.alpha.tenant.id, media.versionId);
    expect(version?.storageId).toBe(online.id);
  }

  async function expectArchived(media: Awaited<ReturnType<typeof itemWithOriginal>>) {
    const archived = await settled(media.id, 'COMPLETE');
    expect(archived.isArchived).toBe(true);
    const archive = await lib.t.services.storages.resolve(lib.alpha.tenant.id, archiveId);
    expect(sha256(await readAll(archive, media.key))).toBe(sha256(media.bytes));
    expect(await online.storage.head(media.key)).toBeNull();
    const version = await lib.t.services.deps.repos.items.findVersion(lib.alpha.tenant.id, media.versionId);
    expect(version?.storageId).toBe(archiveId);
    // The upload's record goes with the finished copy.
    const target = { tenantId: lib.alpha.tenant.id, versionId: media.versionId, storageId: archiveId, key: media.key };
    expect(await lib.t.services.deps.repos.archiveUploads.find(target)).toBeUndefined();
  }

  it('carries on from the stored parts after the server stops mid-file, keeping the online copy until then', async () => {
    const media = await itemWithOriginal('Cut off mid-file', 6 * PART_SIZE + 123_456);
    const totalParts = 7;
    crashAfterParts = 3;
    const started = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: archiveId });
    expect(started.status).toBe(202);
    const target = { tenantId: lib.alpha.tenant.id, versionId: media.versionId, storageId: archiveId, key: media.key };
    // Three parts stored and recorded, the next ones on the way.
    const recorded = await eventually(async () => {
      const row = await lib.t.services.deps.repos.archiveUploads.find(target);
      if (cutOff === 0 || !row || row.parts.length < 3) throw new Error('not mid-file yet');
      return row;
    }, 30_000);
    expect(recorded.parts.map((p) => p.partNumber).sort()).toEqual([1, 2, 3]);
    const beforeResume = calls.parts.length;
    expect(beforeResume).toBe(3);
    expect((await getItem(media.id)).isArchived).toBe(false);
    await expectOnline(media);
    crashAfterParts = null;
    await lib.t.restartWorkflows();

    await expectArchived(media);
    // One upload, carried on: the attempt after the restart sent only the parts not stored yet.
    expect(calls.creates).toHaveLength(1);
    expect(calls.parts.slice(beforeResume).sort((a, b) => a - b)).toEqual([4, 5, 6, 7]);
    expect(calls.parts).toHaveLength(totalParts);
  }, 90_000);

  it('retries an archive storage that is down with growing waits and carries on when it is back', async () => {
    const media = await itemWithOriginal('Endpoint blips', PART_SIZE + 1000);
    await relay.down();
    try {
      await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: archiveId });
      await eventually(async () => {
        if (calls.creates.length < 3) throw new Error(`${calls.creates.length} attempts so far`);
      }, 30_000);
      await expectOnline(media);
    } finally {
      await relay.up();
    }
    await expectArchived(media);
    const [first, second, third] = calls.creates;
    // The workflow's policy: 2 s, then 4 s (a little less for timer slack).
    expect(second! - first!).toBeGreaterThanOrEqual(1500);
    expect(third! - second!).toBeGreaterThanOrEqual(3500);
  }, 90_000);

  it('reports ERROR with the reason after the retry budget, keeps the online copy, and a retry completes', async () => {
    const media = await itemWithOriginal('Endpoint down', 2 * PART_SIZE);
    await relay.down();
    try {
      await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: archiveId });
      const failed = await settled(media.id, 'ERROR', 120_000);
      expect(failed.archiveFileTransfer).toMatchObject({
        enabled: true,
        error: expect.stringContaining('The storage endpoint cannot be reached'),
      });
      expect(failed.isArchived).toBe(false);
      // Every attempt of the policy (six) was made, and no part was sent.
      expect(calls.creates).toHaveLength(6);
      expect(calls.parts).toHaveLength(0);
      await expectOnline(media);
    } finally {
      await relay.up();
    }
    // The console's Retry is the archive call again: it resumes the failed transfer to the same place.
    const retried = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, {});
    expect(retried.status).toBe(202);
    await expectArchived(media);
  }, 180_000);
});
