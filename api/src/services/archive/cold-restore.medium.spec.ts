import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { isStorageError, type ObjectStorage } from '@mam/workers';
import {
  adminApiKey,
  insertItem,
  rest,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../../testing/library-fixtures';
import { eventually, sha256 } from '../../testing/storage-checks';

type TTransferJson = {
  state: string;
  direction: string;
  error: string | null;
  restore: { tier: string; readyAt: string | null; ready: boolean } | null;
  coldStorage: boolean;
} | null;
type TItemJson = { isArchived: boolean; archiveFileTransfer: TTransferJson };

/**
 * Archive to a local cold location and restore from it through the REST API on the embedded workflow runtime: the
 * cold copy cannot be read until a restore is asked for and its delay has passed, the item shows the restore
 * pending with its expected time meanwhile, a second request joins the first, and the media comes back online
 * byte-identical with a notification to the requester.
 */
describe('restore from cold storage', () => {
  let lib: TTwoTenantLibrary;
  let alphaKey: string;
  let bravoKey: string;
  let online: { id: string; storage: ObjectStorage };
  let coldId: string;
  let cold: ObjectStorage;

  beforeAll(async () => {
    lib = await twoTenantLibrary('pglite', { media: true });
    alphaKey = await adminApiKey(lib.t, lib.alpha);
    bravoKey = await adminApiKey(lib.t, lib.bravo);
    online = await lib.t.services.storages.defaultFor(lib.alpha.tenant.id, 'upload');
    const created = await rest(lib.t, alphaKey, 'POST', '/storages', {
      name: 'Cold vault',
      kind: 'local',
      types: ['cold'],
      pathPrefix: 'cold-vault',
      restoreExpressSeconds: 2,
      restoreStandardSeconds: 3600,
    });
    expect(created.status).toBe(201);
    coldId = (created.body as { id: string }).id;
    cold = await lib.t.services.storages.resolve(lib.alpha.tenant.id, coldId);
  }, 120_000);
  afterAll(() => lib?.t.dispose());

  async function itemWithOriginal(title: string, size = 2 * 1024 * 1024) {
    const tenantId = lib.alpha.tenant.id;
    const row = await insertItem(lib.t, lib.alpha, {
      title,
      folderId: lib.root,
      ownerId: lib.alpha.admin.id,
      storageId: online.id,
      generatedStorageId: online.id,
    });
    const repos = lib.t.services.deps.repos;
    await repos.items.update(tenantId, row.id, { itemType: 'video' });
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

  async function settled(id: string, direction: 'archive' | 'unarchive'): Promise<TItemJson> {
    return eventually(async () => {
      const item = await getItem(id);
      const transfer = item.archiveFileTransfer;
      if (transfer?.direction !== direction || transfer.state !== 'COMPLETE') {
        throw new Error(`transfer is ${transfer?.direction} ${transfer?.state} ${transfer?.error ?? ''}`);
      }
      return item;
    }, 60_000);
  }

  it('archives to the cold location, then restores with the express tier', async () => {
    const media = await itemWithOriginal('Match highlights');
    const archived = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: coldId });
    expect(archived.status).toBe(202);
    const inCold = await settled(media.id, 'archive');
    expect(inCold.isArchived).toBe(true);
    expect(inCold.archiveFileTransfer).toMatchObject({ coldStorage: true, restore: null });
    expect(await online.storage.head(media.key)).toBeNull();
    expect((await cold.head(media.key))?.size).toBe(media.bytes.length);
    const version = await lib.t.services.deps.repos.items.findVersion(lib.alpha.tenant.id, media.versionId);
    expect(version?.storageId).toBe(coldId);
    // Cold: there, but not readable before a restore.
    const unread = await cold.get(media.key).catch((error: unknown) => error);
    expect(isStorageError(unread) && unread.reason).toBe('not_restored');

    const asked = Date.now();
    const first = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/cold-restore`, { tier: 'express' });
    expect(first.status).toBe(202);
    const started = first.body as { workflowId: string; state: string; tier: string; readyAt: string; joined: boolean };
    expect(started).toMatchObject({
      itemId: media.id,
      direction: 'unarchive',
      workflowId: `${lib.alpha.tenant.id}:item:${media.id}:archive`,
      state: 'INITIATED',
      tier: 'express',
      joined: false,
    });
    const expected = new Date(started.readyAt).getTime();
    expect(expected).toBeGreaterThanOrEqual(asked + 1500);
    expect(expected).toBeLessThanOrEqual(Date.now() + 2500);

    // A second request, even for another tier, joins the running restore.
    const second = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/cold-restore`, { tier: 'standard' });
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ workflowId: started.workflowId, tier: 'express', joined: true });

    // Pending with the expected time while the cold location prepares the copy.
    const pending = await getItem(media.id);
    expect(pending.isArchived).toBe(true);
    expect(pending.archiveFileTransfer).toMatchObject({
      state: 'INITIATED',
      direction: 'unarchive',
      restore: { tier: 'express', ready: false },
      coldStorage: true,
    });
    expect(Math.abs(new Date(pending.archiveFileTransfer!.restore!.readyAt!).getTime() - expected)).toBeLessThan(2000);

    const back = await settled(media.id, 'unarchive');
    expect(Date.now()).toBeGreaterThanOrEqual(asked + 2000);
    expect(back.isArchived).toBe(false);
    expect(back.archiveFileTransfer?.restore).toMatchObject({ tier: 'express', ready: true });
    expect(await cold.head(media.key)).toBeNull();
    const download = await lib.t.app.inject({
      method: 'GET',
      url: `/api/v1/items/${media.id}/media/original`,
      headers: { authorization: `Bearer ${alphaKey}` },
    });
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(media.bytes));
    const restoredVersion = await lib.t.services.deps.repos.items.findVersion(lib.alpha.tenant.id, media.versionId);
    expect(restoredVersion?.storageId).toBe(online.id);

    // One run did it all, and the requester heard that the media is back.
    const runs = await lib.t.services.deps.workflows!.describe(started.workflowId);
    expect(runs).toMatchObject({ type: 'restoreWorkflow', status: 'COMPLETED' });
    const notes = await eventually(async () => {
      const list = await lib.t.services.deps.repos.notifications.list(lib.alpha.tenant.id, lib.alpha.admin.id, {
        state: 'all',
        limit: 20,
      });
      const found = list.filter((n) => n.notification.itemId === media.id);
      if (found.length === 0) throw new Error('no notification yet');
      return found;
    }, 10_000);
    expect(notes.map((n) => [n.notification.kind, (n.notification.params as { operation: string }).operation])).toEqual(
      [['operation_finished', 'restore']],
    );
  }, 120_000);

  it('speeds up a standard restore under way when an express one joins it', async () => {
    const media = await itemWithOriginal('Election night', 256 * 1024);
    expect((await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: coldId })).status).toBe(202);
    await settled(media.id, 'archive');

    const first = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/cold-restore`, { tier: 'standard' });
    const started = first.body as { workflowId: string; tier: string; readyAt: string };
    expect(started.tier).toBe('standard');
    // The standard tier takes an hour here.
    expect(new Date(started.readyAt).getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    await eventually(async () => expect((await getItem(media.id)).archiveFileTransfer?.restore?.tier).toBe('standard'));

    // Another tenant cannot reach it, let alone speed it up.
    const foreign = await rest(lib.t, bravoKey, 'POST', `/items/${media.id}/cold-restore`, { tier: 'express' });
    expect(foreign.status).toBe(404);
    expect((await getItem(media.id)).archiveFileTransfer?.restore?.tier).toBe('standard');

    const asked = Date.now();
    const faster = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/cold-restore`, { tier: 'express' });
    expect(faster.status).toBe(202);
    const joined = faster.body as { workflowId: string; tier: string; readyAt: string; joined: boolean };
    expect(joined).toMatchObject({ workflowId: started.workflowId, tier: 'express', joined: true });
    expect(new Date(joined.readyAt).getTime()).toBeLessThanOrEqual(Date.now() + 2500);
    expect(new Date(joined.readyAt).getTime()).toBeGreaterThanOrEqual(asked + 1500);
    // The item says so too, once the run has asked the cold location again.
    await eventually(async () =>
      expect((await getItem(media.id)).archiveFileTransfer?.restore).toMatchObject({ tier: 'express', ready: false }),
    );

    // Back online within seconds, not the hour: the same run, which slept no longer than the express delay.
    const back = await settled(media.id, 'unarchive');
    expect(Date.now() - asked).toBeLessThan(30_000);
    expect(back.isArchived).toBe(false);
    await eventually(async () =>
      expect(await lib.t.services.deps.workflows!.describe(started.workflowId)).toMatchObject({
        type: 'restoreWorkflow',
        status: 'COMPLETED',
      }),
    );
    const download = await lib.t.app.inject({
      method: 'GET',
      url: `/api/v1/items/${media.id}/media/original`,
      headers: { authorization: `Bearer ${alphaKey}` },
    });
    expect(sha256(download.rawPayload)).toBe(sha256(media.bytes));
  }, 120_000);

  it('restores through unarchive too, and refuses media that is not cold', async () => {
    const media = await itemWithOriginal('Press conference', 256 * 1024);
    await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: coldId });
    await settled(media.id, 'archive');
    const unarchive = await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/unarchive`, { tier: 'express' });
    expect(unarchive.status).toBe(202);
    expect((await getItem(media.id)).archiveFileTransfer?.restore).toMatchObject({ tier: 'express' });
    await settled(media.id, 'unarchive');

    const online2 = await itemWithOriginal('Not archived', 1024);
    expect((await rest(lib.t, alphaKey, 'POST', `/items/${online2.id}/cold-restore`, {})).body).toMatchObject({
      code: 'ITEM_NOT_ARCHIVED',
    });
    await rest(lib.t, alphaKey, 'POST', `/items/${online2.id}/archive`, {});
    expect((await settled(online2.id, 'archive')).archiveFileTransfer?.coldStorage).toBe(false);
    const notCold = await rest(lib.t, alphaKey, 'POST', `/items/${online2.id}/cold-restore`, { tier: 'express' });
    expect(notCold.status).toBe(409);
    expect(notCold.body).toMatchObject({
      code: 'ITEM_NOT_IN_COLD_STORAGE',
      message: 'The item is not archived in cold storage.',
    });
  }, 120_000);

  it('restores a selection in bulk, each item on its own', async () => {
    const first = await itemWithOriginal('Bulk one', 1024);
    const second = await itemWithOriginal('Bulk two', 1024);
    const online3 = await itemWithOriginal('Bulk online', 1024);
    for (const media of [first, second]) {
      await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: coldId });
      await settled(media.id, 'archive');
    }
    const bulk = await rest(lib.t, alphaKey, 'POST', '/items/cold-restore', {
      itemIds: [first.id, online3.id, second.id, first.id],
      tier: 'express',
    });
    expect(bulk.status).toBe(200);
    const results = (bulk.body as { results: Array<Record<string, unknown>> }).results;
    expect(results).toEqual([
      expect.objectContaining({ itemId: first.id, ok: true, tier: 'express', state: 'INITIATED', joined: false }),
      expect.objectContaining({ itemId: online3.id, ok: false, code: 'ITEM_NOT_ARCHIVED' }),
      expect.objectContaining({ itemId: second.id, ok: true, tier: 'express', joined: false }),
    ]);
    // Another tenant's request is refused item by item, and joins nothing.
    const foreign = await rest(lib.t, bravoKey, 'POST', '/items/cold-restore', { itemIds: [second.id] });
    expect((foreign.body as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ itemId: second.id, ok: false, code: 'NOT_FOUND' }),
    ]);
    // tRPC: the same function; a request while the restores run joins them.
    const joined = await lib.admin.mutate<{ results: Array<{ ok: boolean; joined?: boolean }> }>(
      'archive.bulkRestore',
      {
        itemIds: [first.id],
        tier: 'standard',
      },
    );
    expect(joined).toMatchObject({ ok: true, data: { results: [{ ok: true, joined: true, tier: 'express' }] } });
    for (const media of [first, second]) expect((await settled(media.id, 'unarchive')).isArchived).toBe(false);
  }, 120_000);

  it('answers 404 to another tenant', async () => {
    const media = await itemWithOriginal('Private', 1024);
    await rest(lib.t, alphaKey, 'POST', `/items/${media.id}/archive`, { storageId: coldId });
    await settled(media.id, 'archive');
    const foreign = await rest(lib.t, bravoKey, 'POST', `/items/${media.id}/cold-restore`, { tier: 'express' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await getItem(media.id)).archiveFileTransfer).toMatchObject({ direction: 'archive', state: 'COMPLETE' });
  }, 60_000);
});
