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
import { eventually, sha256 } from '../../testing/storage-fixtures';

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
