import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStorage } from '@mam/workers';
import {
  addMember,
  adminActor,
  adminApiKey,
  insertItem,
  localStorageInput,
  rest,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../../testing/library-fixtures';
import { eventually, readAll, sha256 } from '../../testing/storage-checks';

type TItemJson = {
  isArchived: boolean;
  archiveFileTransfer: {
    state: string;
    direction: string;
    error: string | null;
    enabled: boolean;
    bytesDone: number;
    bytesTotal: number;
    percent: number;
  } | null;
  urls: { original: string | null };
};

/**
 * Archive and unarchive through the REST API on the embedded workflow runtime: the high resolution moves to the
 * tenant's local archive location and back byte-identical, proxies and the item stay, and nothing is lost when a copy
 * does not verify.
 */
describe('archive and unarchive', () => {
  let lib: TTwoTenantLibrary;
  let alphaKey: string;
  let bravoKey: string;
  let online: { id: string; storage: ObjectStorage };
  let archive: { id: string; storage: ObjectStorage };

  beforeAll(async () => {
    lib = await twoTenantLibrary('pglite', { media: true });
    alphaKey = await adminApiKey(lib.t, lib.alpha);
    bravoKey = await adminApiKey(lib.t, lib.bravo);
    online = await lib.t.services.storages.defaultFor(lib.alpha.tenant.id, 'upload');
    archive = await lib.t.services.storages.defaultFor(lib.alpha.tenant.id, 'archive');
  }, 120_000);
  afterAll(() => lib?.t.dispose());

  /** An item whose original (random bytes, `size` long) is stored online, as ingest leaves it. */
  async function itemWithOriginal(title: string, size = 3 * 1024 * 1024, itemType: 'video' | 'image' = 'video') {
    const tenantId = lib.alpha.tenant.id;
    const row = await insertItem(lib.t, lib.alpha, {
      title,
      folderId: lib.root,
      ownerId: lib.alpha.admin.id,
      storageId: online.id,
      generatedStorageId: online.id,
    });
    const repos = lib.t.services.deps.repos;
    await repos.items.update(tenantId, row.id, { itemType });
    const bytes = randomBytes(size);
    const key = `${tenantId}/items/${row.id}/${row.leadingVersionId}/original.bin`;
    await online.storage.put(key, Readable.from([bytes]));
    await repos.items.updateVersion(tenantId, row.leadingVersionId!, {
      originalKey: key,
      fileSize: size,
      sha256: sha256(bytes),
    });
    return { id: row.id, versionId: row.leadingVersionId!, key, bytes };
  }

  const getItem = async (id: string) => (await rest(lib.t, alphaKey, 'GET', `/items/${id}`)).body as TItemJson;

  async function settled(id: string, state: 'COMPLETE' | 'ERROR' = 'COMPLETE'): Promise<TItemJson> {
    return eventually(async () => {
      const item = await getItem(id);
      if (item.archiveFileTransfer?.state !== state) throw new Error(`transfer is ${item.archiveFileTransfer?.state}`);
      return item;
    }, 60_000);
  }

  it('archives the high resolution and brings it back byte-identical', async () => {
    const media = await itemWithOriginal('Interview');
    const started = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ itemId: media.id, direction: 'archive' });
    expect(started.body.workflowId).toBe(`${lib.alpha.tenant.id}:item:${media.id}:archive`);

    const archived = await settled(media.id);
    expect(archived.isArchived).toBe(true);
    expect(archived.archiveFileTransfer).toMatchObject({
      direction: 'archive',
      bytesDone: media.bytes.length,
      bytesTotal: media.bytes.length,
      percent: 100,
    });
    expect(archived.urls.original).toBeNull();
    expect(await online.storage.head(media.key)).toBeNull();
    expect(sha256(await readAll(archive.storage, media.key))).toBe(sha256(media.bytes));
    const version = await lib.t.services.deps.repos.items.findVersion(lib.alpha.tenant.id, media.versionId);
    expect(version?.storageId).toBe(archive.id);

    const download = await rest(lib.t, alphaKey, 'GET', `/items/${media.id}/media/original`);
    expect(download.status).toBe(404);
    expect(download.body).toMatchObject({
      code: 'NO_HIGH_RES_MEDIA',
      message: 'No high resolution version of the media found. It may have been deleted or archived.',
    });
    // Still found by search while archived.
    const found = await rest(lib.t, alphaKey, 'GET', `/search?q=Interview`);
    expect(JSON.stringify(found.body)).toContain(media.id);

    expect((await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, {})).body).toMatchObject({
      code: 'ITEM_ALREADY_ARCHIVED',
    });
    const back = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/unarchive`, { tier: 'express' });
    expect(back.status).toBe(202);
    const unarchived = await settled(media.id);
    expect(unarchived.isArchived).toBe(false);
    expect(unarchived.archiveFileTransfer?.direction).toBe('unarchive');
    expect(await archive.storage.head(media.key)).toBeNull();
    expect((await readAll(online.storage, media.key)).equals(media.bytes)).toBe(true);
    const again = await lib.t.app.inject({
      method: 'GET',
      url: `/api/v1/items/${media.id}/media/original`,
      headers: { authorization: `Bearer ${alphaKey}` },
    });
    expect(again.statusCode).toBe(200);
    expect(sha256(again.rawPayload)).toBe(sha256(media.bytes));
  }, 90_000);

  it('answers the image message for an archived image', async () => {
    const media = await itemWithOriginal('Still', 64 * 1024, 'image');
    await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, {});
    await settled(media.id);
    const download = await rest(lib.t, alphaKey, 'GET', `/items/${media.id}/media/original`);
    expect(download.body).toEqual({
      code: 'NO_HIGH_RES_IMAGE',
      message: 'No high resolution version of the image found. It may have been deleted or archived.',
    });
  }, 60_000);

  it('keeps the online copy while the archive copy does not verify, then finishes when it does', async () => {
    const media = await itemWithOriginal('Corrupted on the way', 512 * 1024);
    const storages = lib.t.services.storages;
    const resolve = storages.resolve.bind(storages);
    let corrupting = true;
    let corruptedPuts = 0;
    // The archive location flips a byte of what it stores while `corrupting`: the re-read checksum cannot match.
    storages.resolve = async (tenantId, storageId) => {
      const storage = await resolve(tenantId, storageId);
      if (storageId !== archive.id) return storage;
      return {
        ...storage,
        put: async (key, body, options) => {
          const chunks: Buffer[] = [];
          for await (const chunk of body) chunks.push(chunk as Buffer);
          const stored = Buffer.concat(chunks);
          if (corrupting && key === media.key) {
            stored[0] = stored[0]! ^ 0xff;
            corruptedPuts += 1;
          }
          return storage.put(key, Readable.from([stored]), options);
        },
      };
    };
    try {
      await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, {});
      await eventually(async () => {
        if (corruptedPuts < 2) throw new Error('not retried yet');
      }, 30_000);
      const during = await getItem(media.id);
      expect(during.isArchived).toBe(false);
      expect(['PROGRESSING', 'INITIATED']).toContain(during.archiveFileTransfer?.state);
      expect((await readAll(online.storage, media.key)).equals(media.bytes)).toBe(true);
      const version = await lib.t.services.deps.repos.items.findVersion(lib.alpha.tenant.id, media.versionId);
      expect(version?.storageId).toBe(online.id);
      corrupting = false;
      const archived = await settled(media.id);
      expect(archived.isArchived).toBe(true);
      expect((await readAll(archive.storage, media.key)).equals(media.bytes)).toBe(true);
      expect(await online.storage.head(media.key)).toBeNull();
    } finally {
      storages.resolve = resolve;
    }
  }, 90_000);

  it('refuses what cannot be done with the code and message', async () => {
    const media = await itemWithOriginal('Refusals', 1024);
    expect(await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/unarchive`, {})).toMatchObject({
      status: 409,
      body: { code: 'ITEM_NOT_ARCHIVED', message: 'The item is not archived.' },
    });
    expect(await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: online.id })).toMatchObject({
      status: 400,
      body: { code: 'ARCHIVE_STORAGE_INVALID' },
    });
    expect((await rest(lib.t, alphaKey, 'POST', `/items/not-an-id/archive`, {})).status).toBe(400);
    const bare = await insertItem(lib.t, lib.alpha, { title: 'No media', folderId: lib.root, ownerId: null });
    expect(await rest(lib.t, alphaKey, 'POST', `/items/${bare.id}/archive`, {})).toMatchObject({
      status: 409,
      body: { code: 'ITEM_HAS_NO_MEDIA' },
    });
  });

  it('archives a selection with a result per item, and keeps other tenants out', async () => {
    const one = await itemWithOriginal('Bulk one', 2048);
    const two = await itemWithOriginal('Bulk two', 2048);
    expect((await rest(lib.t, bravoKey, 'POST', `/items/${one.id}/archive`, {})).status).toBe(404);
    expect((await rest(lib.t, bravoKey, 'POST', `/items/${one.id}/unarchive`, {})).status).toBe(404);
    const stolen = await rest(lib.t, bravoKey, 'POST', '/items/archive', { itemIds: [one.id] });
    expect(stolen.body).toEqual({
      results: [{ itemId: one.id, ok: false, code: 'NOT_FOUND', message: 'Not found.' }],
    });
    const bravoArchive = await lib.t.services.storages.defaultFor(lib.bravo.tenant.id, 'archive');
    expect(
      (await rest(lib.t, alphaKey, 'POST', `/items/${one.id}/archive`, { storageId: bravoArchive.id })).status,
    ).toBe(404);

    const bulk = await rest(lib.t, alphaKey, 'POST', '/items/archive', { itemIds: [one.id, two.id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results).toEqual([
      expect.objectContaining({ itemId: one.id, ok: true }),
      expect.objectContaining({ itemId: two.id, ok: true }),
    ]);
    await settled(one.id);
    await settled(two.id);
    const again = await lib.admin.mutate<{ results: { ok: boolean; code?: string }[] }>('archive.bulk', {
      itemIds: [one.id],
      direction: 'archive',
    });
    expect(again.ok && again.data.results).toEqual([
      expect.objectContaining({ ok: false, code: 'ITEM_ALREADY_ARCHIVED' }),
    ]);
    const back = await lib.admin.mutate('archive.unarchive', { itemId: two.id });
    expect(back.ok).toBe(true);
    expect((await settled(two.id)).isArchived).toBe(false);
    expect((await lib.bravoAdmin.mutate('archive.archive', { itemId: two.id })).ok).toBe(false);
  }, 90_000);

  it('offers the archive and cold locations of the tenant to archive to, the default first, and only its own', async () => {
    type TLocation = { id: string; name: string; cold: boolean; isDefault: boolean };
    const actor = await adminActor(lib.t, lib.alpha);
    const vault = await lib.t.services.storages.create(
      actor,
      localStorageInput('Vault B', 'vault-b', ['archive']),
      null,
    );
    const listed = await lib.admin.query<TLocation[]>('archive.locations');
    expect(listed.ok).toBe(true);
    const locations = listed.ok ? listed.data : [];
    expect(locations[0]).toMatchObject({ id: archive.id, isDefault: true, cold: false });
    expect(locations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: vault.id, name: 'Vault B', cold: false, isDefault: false }),
        expect.objectContaining({ cold: true }),
      ]),
    );
    expect(locations.filter((l) => l.isDefault)).toHaveLength(1);
    const viaRest = await rest(lib.t, alphaKey, 'GET', '/archive/locations');
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toEqual({ locations });
    const bravoRest = await rest(lib.t, bravoKey, 'GET', '/archive/locations');
    expect((bravoRest.body.locations as TLocation[]).map((l) => l.id)).not.toContain(vault.id);
    const bravo = await lib.bravoAdmin.query<TLocation[]>('archive.locations');
    expect(bravo.ok && bravo.data.map((l) => l.id)).not.toContain(vault.id);
    const viewer = await addMember(lib.t, lib.alpha, 'locations-viewer', { archive: false });
    expect(await viewer.client.query('archive.locations')).toMatchObject({ ok: false });
  });
});
