import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStorage } from '@mam/workers';
import {
  addMember,
  adminActor,
  adminApiKey,
  localStorageInput,
  insertItem,
  rest,
  setEveryonePermissions,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TSendToStorageStatus } from '../services/send-to-storage/send-to-storage.service';
import { eventually, sha256, readAll } from '../testing/storage-fixtures';

const exportLocation = (name: string, pathPrefix: string) => localStorageInput(name, pathPrefix, ['export']);

/**
 * Send to storage through the REST API and tRPC on the embedded workflow runtime: an item's high resolution lands as
 * a file named after its title in a second local location, byte-identical and verified, while the item keeps it;
 * a taken name is never overwritten; refusals and other tenants get the spec's codes.
 */
describe('send to storage', () => {
  let lib: TTwoTenantLibrary;
  let alphaKey: string;
  let bravoKey: string;
  let online: { id: string; storage: ObjectStorage };
  let archive: { id: string; storage: ObjectStorage };
  let outbox: { id: string; storage: ObjectStorage };

  beforeAll(async () => {
    lib = await twoTenantLibrary('pglite', { media: true });
    alphaKey = await adminApiKey(lib.t, lib.alpha);
    bravoKey = await adminApiKey(lib.t, lib.bravo);
    const storages = lib.t.services.storages;
    online = await storages.defaultFor(lib.alpha.tenant.id, 'upload');
    archive = await storages.defaultFor(lib.alpha.tenant.id, 'archive');
    const created = await storages.create(
      await adminActor(lib.t, lib.alpha),
      exportLocation('Playout outbox', 'playout-outbox'),
      null,
    );
    outbox = { id: created.id, storage: await storages.resolve(lib.alpha.tenant.id, created.id) };
  }, 120_000);
  afterAll(() => lib?.t.dispose());

  /** An item whose original (random bytes, `size` long) is stored online, as ingest leaves it. */
  async function itemWithOriginal(title: string, size = 2 * 1024 * 1024, fileName = 'CAM_A_0001.MXF') {
    const tenantId = lib.alpha.tenant.id;
    const row = await insertItem(lib.t, lib.alpha, {
      title,
      folderId: lib.root,
      ownerId: lib.alpha.admin.id,
      storageId: online.id,
      generatedStorageId: online.id,
    });
    const bytes = randomBytes(size);
    const key = `${tenantId}/items/${row.id}/${row.leadingVersionId}/original.mxf`;
    await online.storage.put(key, Readable.from([bytes]));
    await lib.t.services.deps.repos.items.updateVersion(tenantId, row.leadingVersionId!, {
      originalKey: key,
      fileName,
      fileSize: size,
      sha256: sha256(bytes),
    });
    return { id: row.id, versionId: row.leadingVersionId!, key, bytes };
  }

  /** Where a file of alpha's lies in a location: every location keeps a tenant's files under its id. */
  const at = (fileName: string) => `${lib.alpha.tenant.id}/${fileName}`;

  const sends = async (itemId: string) =>
    ((await rest(lib.t, alphaKey, 'GET', `/items/${itemId}/send-to-storage`)).body as { sends: TSendToStorageStatus[] })
      .sends;

  async function settled(itemId: string, status: 'COMPLETED' | 'FAILED' = 'COMPLETED') {
    return eventually(async () => {
      const send = (await sends(itemId)).find((s) => s.storageId === outbox.id);
      if (send?.status !== status) throw new Error(`send is ${send?.status}`);
      return send;
    }, 60_000);
  }

  it('sends the high resolution as a verified file named after the title, and keeps it in the MAM', async () => {
    const media = await itemWithOriginal('Cup final: "Brann" 2/1');
    const started = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/send-to-storage`, {
      storageId: outbox.id,
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      itemId: media.id,
      storageId: outbox.id,
      storageName: 'Playout outbox',
      workflowId: `${lib.alpha.tenant.id}:item:${media.id}:send-to-storage:${outbox.id}`,
    });
    expect(['RUNNING', 'COMPLETED']).toContain(started.body.status);

    const done = await settled(media.id);
    expect(done).toMatchObject({
      fileName: 'Cup final_ _Brann_ 2_1.mxf',
      key: at('Cup final_ _Brann_ 2_1.mxf'),
      sha256: sha256(media.bytes),
      bytesDone: media.bytes.length,
      bytesTotal: media.bytes.length,
      percent: 100,
      error: null,
    });
    const sent = await readAll(outbox.storage, at('Cup final_ _Brann_ 2_1.mxf'));
    expect(sent.equals(media.bytes)).toBe(true);
    // Kept in the MAM: the original is where it was and the version still reads from it.
    expect((await readAll(online.storage, media.key)).equals(media.bytes)).toBe(true);
    const version = await lib.t.services.deps.repos.items.findVersion(lib.alpha.tenant.id, media.versionId);
    expect(version?.storageId).toBe(online.id);

    const audit = await lib.t.services.deps.repos.auditEvents.list(lib.alpha.tenant.id, { limit: 20 });
    const entry = audit.find((e) => e.action === 'item.sent_to_storage' && e.targetId === media.id);
    expect(entry).toMatchObject({
      actorUserId: lib.alpha.admin.id,
      summary: 'Sent to storage "Playout outbox" as Cup final_ _Brann_ 2_1.mxf',
      details: expect.objectContaining({ storageId: outbox.id, sha256: sha256(media.bytes), size: media.bytes.length }),
    });
  }, 90_000);

  it('never overwrites a file: a taken name gets the next number', async () => {
    const media = await itemWithOriginal('Highlights', 64 * 1024, 'highlights.mp4');
    const foreign = Buffer.from('a file someone else put there');
    await outbox.storage.put(at('Highlights.mp4'), Readable.from([foreign]));
    await outbox.storage.put(at('Highlights (2).mp4'), Readable.from([foreign]));

    expect((await lib.admin.mutate('sendToStorage.send', { itemId: media.id, storageId: outbox.id })).ok).toBe(true);
    expect((await settled(media.id)).fileName).toBe('Highlights (3).mp4');
    expect((await lib.admin.mutate('sendToStorage.send', { itemId: media.id, storageId: outbox.id })).ok).toBe(true);
    expect((await settled(media.id)).fileName).toBe('Highlights (4).mp4');

    expect((await readAll(outbox.storage, at('Highlights.mp4'))).equals(foreign)).toBe(true);
    expect((await readAll(outbox.storage, at('Highlights (2).mp4'))).equals(foreign)).toBe(true);
    expect((await readAll(outbox.storage, at('Highlights (3).mp4'))).equals(media.bytes)).toBe(true);
    expect((await readAll(outbox.storage, at('Highlights (4).mp4'))).equals(media.bytes)).toBe(true);
  }, 90_000);

  it('shows progress while it runs and refuses a second send to the same place meanwhile', async () => {
    const media = await itemWithOriginal('Slow transfer', 512 * 1024, 'slow.mov');
    const storages = lib.t.services.storages;
    const resolve = storages.resolve.bind(storages);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    storages.resolve = async (tenantId, storageId) => {
      const storage = await resolve(tenantId, storageId);
      if (storageId !== outbox.id) return storage;
      return {
        ...storage,
        put: async (key, body, options) => {
          await gate;
          return storage.put(key, body, options);
        },
      };
    };
    try {
      const started = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/send-to-storage`, {
        storageId: outbox.id,
      });
      expect(started.status).toBe(202);
      const running = await eventually(async () => {
        const send = (await sends(media.id))[0];
        if (send?.status !== 'RUNNING' || send.bytesTotal === 0) throw new Error('not copying yet');
        return send;
      }, 30_000);
      expect(running).toMatchObject({ bytesTotal: media.bytes.length, fileName: null, error: null });
      expect(running.percent).toBeLessThan(100);
      expect(
        await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/send-to-storage`, { storageId: outbox.id }),
      ).toMatchObject({
        status: 409,
        body: { code: 'SEND_TO_STORAGE_RUNNING', message: 'This item is already being sent to that storage location.' },
      });
      release();
      expect((await settled(media.id)).fileName).toBe('Slow transfer.mov');
    } finally {
      release();
      storages.resolve = resolve;
    }
  }, 90_000);

  it('fails with the reason, overwriting nothing, when the chosen name is taken before the copy', async () => {
    const media = await itemWithOriginal('Raced', 16 * 1024, 'raced.wav');
    const foreign = Buffer.from('written by another system at the same moment');
    const storages = lib.t.services.storages;
    const resolve = storages.resolve.bind(storages);
    let raced = false;
    // The other writer puts its file right after the run chose the name.
    storages.resolve = async (tenantId, storageId) => {
      const storage = await resolve(tenantId, storageId);
      if (storageId !== outbox.id) return storage;
      return {
        ...storage,
        head: async (key) => {
          const head = await storage.head(key);
          if (!raced && key === at('Raced.wav') && head === null) {
            raced = true;
            await storage.put(key, Readable.from([foreign]));
          }
          return head;
        },
      };
    };
    try {
      await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/send-to-storage`, { storageId: outbox.id });
      const failed = await settled(media.id, 'FAILED');
      expect(failed.error).toEqual({
        code: 'SEND_TO_STORAGE_FAILED',
        reason: 'A file named Raced.wav appeared in the storage location meanwhile; it was not overwritten',
        message:
          'Sending the item to the storage location failed: A file named Raced.wav appeared in the storage location meanwhile; it was not overwritten',
      });
      expect((await readAll(outbox.storage, at('Raced.wav'))).equals(foreign)).toBe(true);
    } finally {
      storages.resolve = resolve;
    }
    // Sent again, it takes the next name.
    await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/send-to-storage`, { storageId: outbox.id });
    expect((await settled(media.id)).fileName).toBe('Raced (2).wav');
  }, 90_000);

  it('lists only export locations, and refuses other targets, items without media and users without the permission', async () => {
    const locations = await lib.admin.query<{ id: string; name: string }[]>('sendToStorage.locations');
    expect(locations.ok && locations.data.map((l) => l.id)).toEqual([outbox.id]);

    const media = await itemWithOriginal('Refusals', 1024);
    const bravoOutbox = await lib.t.services.storages.create(
      await adminActor(lib.t, lib.bravo),
      exportLocation('Bravo outbox', 'bravo-outbox'),
      null,
    );
    for (const storageId of [online.id, archive.id, bravoOutbox.id, '00000000-0000-4000-8000-000000000000']) {
      expect(await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/send-to-storage`, { storageId })).toMatchObject({
        status: 400,
        body: {
          code: 'SEND_TO_STORAGE_TARGET_INVALID',
          message: 'Choose an export storage location of your organisation; the archive cannot be sent to.',
        },
      });
    }
    const bare = await insertItem(lib.t, lib.alpha, { title: 'No media', folderId: lib.root, ownerId: null });
    expect(
      await rest(lib.t, alphaKey, 'POST', `/items/${bare.id}/send-to-storage`, { storageId: outbox.id }),
    ).toMatchObject({ status: 409, body: { code: 'ITEM_HAS_NO_MEDIA' } });
    expect(
      (await rest(lib.t, alphaKey, 'POST', `/items/not-an-id/send-to-storage`, { storageId: outbox.id })).status,
    ).toBe(400);

    await setEveryonePermissions(lib.t, lib.alpha, { sendToStorage: false });
    try {
      const member = await addMember(lib.t, lib.alpha, 'editor');
      const refused = await member.client.mutate('sendToStorage.send', { itemId: media.id, storageId: outbox.id });
      expect(!refused.ok && refused.code).toBe('FORBIDDEN');
      const noList = await member.client.query('sendToStorage.locations');
      expect(!noList.ok && noList.code).toBe('FORBIDDEN');
    } finally {
      await setEveryonePermissions(lib.t, lib.alpha, {});
    }
    expect(await sends(media.id)).toEqual([]);
  }, 60_000);

  it('keeps other tenants out: tenant B gets 404 and sees no location or send', async () => {
    const media = await itemWithOriginal('Alpha only', 1024, 'alpha.mp4');
    await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/send-to-storage`, { storageId: outbox.id });
    await settled(media.id);
    expect(
      (await rest(lib.t, bravoKey, 'POST', `/items/${media.id}/send-to-storage`, { storageId: outbox.id })).status,
    ).toBe(404);
    expect((await rest(lib.t, bravoKey, 'GET', `/items/${media.id}/send-to-storage`)).status).toBe(404);
    const bravoLocations = await rest(lib.t, bravoKey, 'GET', '/send-to-storage/locations');
    expect(bravoLocations.status).toBe(200);
    expect((bravoLocations.body.locations as { id: string }[]).map((l) => l.id)).not.toContain(outbox.id);
    const viaTrpc = await lib.bravoAdmin.query('sendToStorage.list', { itemId: media.id });
    expect(!viaTrpc.ok && viaTrpc.code).toBe('NOT_FOUND');
    const alphaLocations = await rest(lib.t, alphaKey, 'GET', '/send-to-storage/locations');
    expect(alphaLocations.body).toEqual({ locations: [{ id: outbox.id, name: 'Playout outbox', kind: 'local' }] });
  }, 60_000);
});
