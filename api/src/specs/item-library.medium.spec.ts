import { Readable } from 'node:stream';
import { testBackends } from '@mam/db/testing';
import { sql } from 'drizzle-orm';
import type { TFolderView } from '../services/folder.service';
import type { TDeletedItemView, THistoryEvent, TItemPage } from '../services/items/item-library.service';
import { versionMediaPrefix, type TItemView } from '../services/items/item-view';
import {
  addMember,
  adminApiKey,
  insertItem,
  rest,
  setEveryonePermissions,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import { type TestApp, type TrpcClient } from '../testing/test-app';

const ownerOnly = { level: 'owner' as const, groups: [] };

describe.each(testBackends)('item library on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let member: TMember;
  let deleter: TMember;
  let root: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    member = await addMember(t, alpha, 'member');
    deleter = await addMember(t, alpha, 'deleter', { delete: true });
  });
  afterAll(() => t.dispose());

  async function folder(name: string, extra: object = {}, client = admin) {
    const result = await client.mutate<TFolderView>('folders.create', { name, ...extra });
    if (!result.ok) throw new Error(result.code);
    return result.data;
  }

  const item = (title: string, values: Partial<Parameters<typeof insertItem>[2]> = {}) =>
    insertItem(t, alpha, { title, folderId: root, ownerId: alpha.admin.id, ...values });

  async function page(client: TrpcClient, input: object) {
    const result = await client.query<TItemPage<TItemView>>('items.list', input);
    if (!result.ok) throw new Error(`${result.code}`);
    return result.data;
  }

  async function row(id: string) {
    return t.services.deps.repos.items.findById(alpha.tenant.id, id);
  }

  async function history(id: string) {
    const result = await admin.query<THistoryEvent[]>('items.history', { itemId: id });
    if (!result.ok) throw new Error(result.code);
    return result.data.map((e) => [e.action, e.actorEmail]);
  }

  describe('list and get', () => {
    it('pages through a folder newest first without losing or repeating items', async () => {
      const shelf = await folder('Shelf');
      const ids: string[] = [];
      for (let i = 0; i < 7; i += 1) ids.push((await item(`shelf ${i}`, { folderId: shelf.id })).id);
      await item('elsewhere');
      const seen: TItemView[] = [];
      let cursor: string | undefined;
      do {
        const next = await page(admin, { folderId: shelf.id, limit: 3, cursor });
        expect(next.items.length).toBeLessThanOrEqual(3);
        seen.push(...next.items);
        cursor = next.nextCursor ?? undefined;
      } while (cursor);
      // Items inserted back to back share milliseconds: every one exactly once, in the one-page order.
      expect(seen.map((i) => i.id).sort()).toEqual([...ids].sort());
      expect(seen.map((i) => i.id)).toEqual(
        (await page(admin, { folderId: shelf.id, limit: 50 })).items.map((i) => i.id),
      );
      const times = seen.map((i) => Date.parse(i.createdAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
    });

    it('keeps items of the same millisecond apart across pages (timestamps carry microseconds)', async () => {
      const shelf = await folder('Same millisecond');
      const ids: string[] = [];
      for (const micros of ['000300', '000200', '000100']) {
        const created = await item(`micro ${micros}`, { folderId: shelf.id });
        await t.services.deps.db.execute(
          sql`update item set created_at = ${`2026-01-01T00:00:00.${micros}Z`}::timestamptz where id = ${created.id}`,
        );
        ids.push(created.id);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const next = await page(admin, { folderId: shelf.id, limit: 1, cursor });
        seen.push(...next.items.map((i) => i.id));
        cursor = next.nextCursor ?? undefined;
      } while (cursor);
      expect(seen.sort()).toEqual([...ids].sort());
    });

    it('shows only the items the actor may see, across pages', async () => {
      const mixed = await folder('Mixed');
      const visible: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const hidden = await item(`hidden ${i}`, { folderId: mixed.id, visibleTo: ownerOnly });
        const open = await item(`open ${i}`, { folderId: mixed.id });
        expect(hidden.id).not.toBe(open.id);
        visible.push(open.id);
      }
      const everything = (await page(admin, { folderId: mixed.id, limit: 50 })).items.map((i) => i.id);
      expect(everything).toHaveLength(12);
      const first = await page(member.client, { folderId: mixed.id, limit: 4 });
      expect(first.items).toHaveLength(4);
      const second = await page(member.client, { folderId: mixed.id, limit: 4, cursor: first.nextCursor });
      expect(second).toMatchObject({ nextCursor: null });
      expect([...first.items, ...second.items].map((i) => i.id)).toEqual(
        everything.filter((id) => visible.includes(id)),
      );
    });

    it('lists the root folder by default, returns item views, and refuses bad cursors', async () => {
      const newest = await item('root newest');
      const listed = await page(member.client, { limit: 1 });
      expect(listed.items[0]).toMatchObject({
        id: newest.id,
        title: 'root newest',
        folderId: root,
        itemType: 'video',
        version: { number: 1, fileName: 'root newest.mp4' },
        transcoding: { state: 'COMPLETE' },
      });
      expect(await member.client.query('items.list', { limit: 1, cursor: 'nonsense' })).toMatchObject({
        ok: false,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    });

    it('answers NOT_FOUND for a hidden folder, a hidden item and a missing item', async () => {
      const hiddenFolder = await folder('Admins only', { visibleTo: ownerOnly });
      expect(await member.client.query('items.list', { folderId: hiddenFolder.id })).toMatchObject({ status: 404 });
      const hidden = await item('secret', { visibleTo: ownerOnly });
      expect(await member.client.query('items.get', { itemId: hidden.id })).toMatchObject({ status: 404 });
      expect(await admin.query('items.get', { itemId: hidden.id })).toMatchObject({
        ok: true,
        data: { id: hidden.id },
      });
      expect(await admin.query('items.get', { itemId: crypto.randomUUID() })).toMatchObject({
        ok: false,
        status: 404,
        code: 'NOT_FOUND',
      });
    });
  });

  describe('update', () => {
    it('changes title and description and shows who did it in the history', async () => {
      const target = await item('before');
      const updated = await member.client.mutate<TItemView>('items.update', {
        itemId: target.id,
        title: '  after  ',
        description: 'A new text',
      });
      expect(updated).toMatchObject({ ok: true, data: { title: 'after', description: 'A new text' } });
      await admin.mutate('items.update', { itemId: target.id, description: 'Second edit' });
      expect(await history(target.id)).toEqual([
        ['item.updated', alpha.adminEmail],
        ['item.updated', member.email],
      ]);
    });

    it("says 'You do not have permission to update existing items' without the update permission", async () => {
      const target = await item('no update permission');
      await setEveryonePermissions(t, alpha, { update: false });
      try {
        expect(await member.client.mutate('items.update', { itemId: target.id, title: 'x' })).toMatchObject({
          ok: false,
          status: 403,
          code: 'UPDATE_ITEMS_FORBIDDEN',
          message: 'You do not have permission to update existing items',
        });
      } finally {
        await setEveryonePermissions(t, alpha, {});
      }
      expect((await row(target.id))!.title).toBe('no update permission');
    });

    it('says "You don\'t have permission to update this item" without update access', async () => {
      const target = await item('owner updates only', { updatableBy: ownerOnly });
      expect(await member.client.mutate('items.update', { itemId: target.id, title: 'x' })).toMatchObject({
        ok: false,
        status: 403,
        code: 'UPDATE_ITEM_FORBIDDEN',
        message: "You don't have permission to update this item",
      });
      expect(await member.client.mutate('items.update', { itemId: target.id, title: '' })).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('move', () => {
    it('moves items into a folder and records it on each', async () => {
      const target = await folder('Move target');
      const a = await item('move a');
      const b = await item('move b');
      const result = await member.client.mutate<{ movedIds: string[] }>('items.move', {
        itemIds: [a.id, b.id],
        folderId: target.id,
      });
      expect(result).toMatchObject({ ok: true });
      expect((await row(a.id))!.folderId).toBe(target.id);
      expect((await row(b.id))!.folderId).toBe(target.id);
      expect(await history(a.id)).toEqual([['item.moved', member.email]]);
    });

    it('needs the move permission, update access to every item and to the target folder', async () => {
      const target = await folder('Locked target', { updatableBy: ownerOnly });
      const open = await folder('Open target');
      const mine = await item('movable', { ownerId: member.id });
      const locked = await item('locked item', { updatableBy: ownerOnly });
      expect(await member.client.mutate('items.move', { itemIds: [mine.id], folderId: target.id })).toMatchObject({
        status: 403,
        code: 'FOLDER_UPDATE_FORBIDDEN',
      });
      expect(
        await member.client.mutate('items.move', { itemIds: [mine.id, locked.id], folderId: open.id }),
      ).toMatchObject({ status: 403, code: 'UPDATE_ITEM_FORBIDDEN' });
      expect((await row(mine.id))!.folderId).toBe(root);
      await setEveryonePermissions(t, alpha, { move: false });
      try {
        expect(await member.client.mutate('items.move', { itemIds: [mine.id], folderId: open.id })).toMatchObject({
          status: 403,
          code: 'MOVE_ITEMS_FORBIDDEN',
          message: 'You do not have permission to move items',
        });
      } finally {
        await setEveryonePermissions(t, alpha, {});
      }
    });
  });

  describe('recycle bin', () => {
    it('lets owners and creators delete and recover their own items without the permissions', async () => {
      await setEveryonePermissions(t, alpha, { recoverDeleted: false });
      try {
        const owned = await item('member owned', { ownerId: member.id, createdBy: alpha.admin.id });
        const created = await item('member created', {
          ownerId: alpha.admin.id,
          createdBy: member.id,
          updatableBy: ownerOnly,
        });
        const deleted = await member.client.mutate<{ deletedIds: string[] }>('items.delete', {
          itemIds: [owned.id, created.id],
        });
        expect(deleted).toMatchObject({ ok: true });
        expect((await row(owned.id))!.deletedBy).toBe(member.id);
        const bin = await member.client.query<TItemPage<TDeletedItemView>>('items.listDeleted', { limit: 50 });
        expect(bin.ok && bin.data.items.find((i) => i.id === owned.id)).toMatchObject({
          deletedBy: { email: member.email },
          canRestore: true,
          canPurge: true,
        });
        const restored = await member.client.mutate('items.restore', { itemIds: [owned.id, created.id] });
        expect(restored).toMatchObject({ ok: true });
        expect((await row(created.id))!.deletedAt).toBeNull();
        expect(await history(owned.id)).toEqual([
          ['item.restored', member.email],
          ['item.deleted', member.email],
        ]);
      } finally {
        await setEveryonePermissions(t, alpha, {});
      }
    });

    it("says 'You do not have permission to delete this item' to others without the delete permission", async () => {
      const target = await item('not yours');
      expect(await member.client.mutate('items.delete', { itemIds: [target.id] })).toMatchObject({
        ok: false,
        status: 403,
        code: 'DELETE_ITEM_FORBIDDEN',
        message: 'You do not have permission to delete this item',
      });
      expect(await deleter.client.mutate('items.delete', { itemIds: [target.id] })).toMatchObject({ ok: true });
    });

    it('refuses a whole batch when one item of it may not be deleted', async () => {
      const mine = await item('batch mine', { ownerId: member.id });
      const theirs = await item('batch theirs');
      expect(await member.client.mutate('items.delete', { itemIds: [mine.id, theirs.id] })).toMatchObject({
        ok: false,
        status: 403,
        code: 'DELETE_ITEMS_FORBIDDEN',
        message: 'You do not have permission to delete one or more of the selected items',
      });
      expect((await row(mine.id))!.deletedAt).toBeNull();
      expect((await row(theirs.id))!.deletedAt).toBeNull();
      // The delete permission does not reach items the holder may not update.
      const ownerUpdates = await item('owner updates', { updatableBy: ownerOnly });
      expect(await deleter.client.mutate('items.delete', { itemIds: [ownerUpdates.id] })).toMatchObject({
        code: 'DELETE_ITEM_FORBIDDEN',
      });
    });

    it('refuses restoring without recoverDeleted and update access, batch by batch', async () => {
      const locked = await item('locked in the bin', { updatableBy: ownerOnly });
      const open = await item('open in the bin');
      await admin.mutate('items.delete', { itemIds: [locked.id, open.id] });
      expect(await member.client.mutate('items.restore', { itemIds: [locked.id] })).toMatchObject({
        status: 403,
        code: 'RECOVER_ITEM_FORBIDDEN',
        message: 'You do not have permission to restore this item',
      });
      expect(await member.client.mutate('items.restore', { itemIds: [open.id, locked.id] })).toMatchObject({
        status: 403,
        code: 'RECOVER_ITEMS_FORBIDDEN',
      });
      expect((await row(open.id))!.deletedAt).not.toBeNull();
      expect(await member.client.mutate('items.restore', { itemIds: [open.id] })).toMatchObject({ ok: true });
      expect(await member.client.mutate('items.restore', { itemIds: [open.id] })).toMatchObject({
        status: 409,
        code: 'ITEM_NOT_IN_RECYCLE_BIN',
      });
    });

    it('restores into the tenant root when the folder is gone', async () => {
      const gone = await folder('Gone soon');
      const kept = await folder('Kept');
      const orphan = await item('orphan', { folderId: gone.id });
      const housed = await item('housed', { folderId: kept.id });
      await admin.mutate('items.delete', { itemIds: [orphan.id, housed.id] });
      expect(await admin.mutate('folders.delete', { id: gone.id })).toMatchObject({ ok: true });
      const result = await admin.mutate<{ restored: Array<{ id: string; folderId: string }> }>('items.restore', {
        itemIds: [orphan.id, housed.id],
      });
      expect(result.ok && Object.fromEntries(result.data.restored.map((r) => [r.id, r.folderId]))).toEqual({
        [orphan.id]: root,
        [housed.id]: kept.id,
      });
      expect(await row(orphan.id)).toMatchObject({ folderId: root, deletedAt: null, deletedBy: null });
    });

    it('lists only deleted items, with who deleted them', async () => {
      const binned = await item('binned', { ownerId: member.id });
      const hidden = await item('binned and hidden', { visibleTo: ownerOnly, updatableBy: ownerOnly });
      // Not visible, but recoverable (recoverDeleted and update access): listed so it can be restored.
      const recoverable = await item('binned, hidden, recoverable', { visibleTo: ownerOnly });
      await admin.mutate('items.delete', { itemIds: [binned.id, hidden.id, recoverable.id] });
      const bin = await member.client.query<TItemPage<TDeletedItemView>>('items.listDeleted', { limit: 200 });
      if (!bin.ok) throw new Error(bin.code);
      const ids = bin.data.items.map((i) => i.id);
      expect(ids).toContain(binned.id);
      expect(ids).not.toContain(hidden.id);
      expect(bin.data.items.find((i) => i.id === recoverable.id)).toMatchObject({ canRestore: true, canPurge: false });
      expect(bin.data.items.every((i) => i.deletedAt !== null)).toBe(true);
      expect(bin.data.items.find((i) => i.id === binned.id)).toMatchObject({
        deletedBy: { id: alpha.admin.id, email: alpha.adminEmail },
      });
      const live = await page(member.client, { limit: 200 });
      expect(live.items.map((i) => i.id)).not.toContain(binned.id);
    });

    it('deletes permanently from the recycle bin only, media files first', async () => {
      const storages = t.services.storages;
      const { id: storageId, storage } = await storages.defaultFor(alpha.tenant.id, 'upload');
      const target = await item('purge me', { storageId, generatedStorageId: storageId });
      const neighbour = await item('stays', { storageId, generatedStorageId: storageId });
      const versionOf = async (id: string) =>
        (await t.services.deps.repos.items.listVersions(alpha.tenant.id, id))[0]!.id;
      const prefix = versionMediaPrefix(alpha.tenant.id, target.id, await versionOf(target.id));
      const neighbourPrefix = versionMediaPrefix(alpha.tenant.id, neighbour.id, await versionOf(neighbour.id));
      for (const key of [`${prefix}/original/purge me.mp4`, `${prefix}/thumbnail.jpg`, `${neighbourPrefix}/a.jpg`]) {
        await storage.put(key, Readable.from(Buffer.from('media')), {});
      }
      expect(await member.client.mutate('items.purge', { itemIds: [target.id] })).toMatchObject({
        status: 409,
        code: 'ITEM_NOT_IN_RECYCLE_BIN',
      });
      await admin.mutate('items.delete', { itemIds: [target.id] });
      expect(await member.client.mutate('items.purge', { itemIds: [target.id] })).toMatchObject({
        status: 403,
        code: 'DELETE_ITEM_FORBIDDEN',
      });
      expect(await deleter.client.mutate('items.purge', { itemIds: [target.id] })).toMatchObject({ ok: true });
      expect(await row(target.id)).toBeUndefined();
      expect(await storage.head(`${prefix}/thumbnail.jpg`)).toBeNull();
      expect(await storage.head(`${prefix}/original/purge me.mp4`)).toBeNull();
      expect(await storage.head(`${neighbourPrefix}/a.jpg`)).not.toBeNull();
    });
  });

  describe('REST', () => {
    it('lists, reads, updates, moves, deletes, restores and purges items', async () => {
      const key = await adminApiKey(t, alpha);
      const shelf = await folder('REST shelf');
      const a = await item('rest a', { folderId: shelf.id });
      const b = await item('rest b', { folderId: shelf.id });
      const listed = await rest(t, key, 'GET', `/items?folderId=${shelf.id}&limit=1`);
      expect(listed).toMatchObject({ status: 200, body: { items: [{ id: b.id }], nextCursor: expect.any(String) } });
      const next = await rest(t, key, 'GET', `/items?folderId=${shelf.id}&limit=1&cursor=${listed.body.nextCursor}`);
      expect(next).toMatchObject({ status: 200, body: { items: [{ id: a.id }], nextCursor: null } });
      expect(await rest(t, key, 'GET', `/items/${a.id}`)).toMatchObject({ status: 200, body: { title: 'rest a' } });
      expect(await rest(t, key, 'PATCH', `/items/${a.id}`, { title: 'rest a2', description: 'd' })).toMatchObject({
        status: 200,
        body: { title: 'rest a2', description: 'd' },
      });
      expect(await rest(t, key, 'POST', `/items/${a.id}/move`, { folderId: root })).toMatchObject({
        status: 200,
        body: { folderId: root },
      });
      expect(await rest(t, key, 'DELETE', `/items/${a.id}/permanent`)).toMatchObject({
        status: 409,
        body: { code: 'ITEM_NOT_IN_RECYCLE_BIN' },
      });
      expect(await rest(t, key, 'DELETE', `/items/${a.id}`)).toMatchObject({ status: 200, body: { ok: true } });
      expect(await rest(t, key, 'GET', `/items/${a.id}`)).toMatchObject({ body: { deletedAt: expect.any(String) } });
      expect(await rest(t, key, 'POST', `/items/${a.id}/restore`)).toMatchObject({
        status: 200,
        body: { id: a.id, folderId: root },
      });
      await rest(t, key, 'DELETE', `/items/${b.id}`);
      expect(await rest(t, key, 'DELETE', `/items/${b.id}/permanent`)).toMatchObject({ status: 200 });
      expect(await rest(t, key, 'GET', `/items/${b.id}`)).toMatchObject({ status: 404 });
    });
  });

  describe("tenant B and tenant A's items", () => {
    it('sees none of them and changes none of them over tRPC', async () => {
      const alphaFolder = await folder('Alpha shelf');
      const live = await item('alpha live', { folderId: alphaFolder.id });
      const binned = await item('alpha binned');
      await admin.mutate('items.delete', { itemIds: [binned.id] });
      const bravoFolder = await folder('Bravo shelf', {}, bravoAdmin);
      const notFound = { ok: false, status: 404, code: 'NOT_FOUND' };
      expect(await bravoAdmin.query('items.list', { folderId: alphaFolder.id })).toMatchObject(notFound);
      const ownRoot = await page(bravoAdmin, { limit: 200 });
      expect(ownRoot.items.map((i) => i.id)).not.toContain(live.id);
      const bin = await bravoAdmin.query<TItemPage<TDeletedItemView>>('items.listDeleted', { limit: 200 });
      expect(bin.ok && bin.data.items.map((i) => i.id)).not.toContain(binned.id);
      expect(await bravoAdmin.query('items.get', { itemId: live.id })).toMatchObject(notFound);
      expect(await bravoAdmin.query('items.history', { itemId: live.id })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('items.update', { itemId: live.id, title: 'x' })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('items.move', { itemIds: [live.id], folderId: bravoFolder.id })).toMatchObject(
        notFound,
      );
      expect(await bravoAdmin.mutate('items.delete', { itemIds: [live.id] })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('items.restore', { itemIds: [binned.id] })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('items.purge', { itemIds: [binned.id] })).toMatchObject(notFound);
      // Nor can tenant B move its own items into tenant A's folder.
      const bravoItem = await insertItem(t, bravo, { title: 'bravo', folderId: bravoFolder.id, ownerId: null });
      expect(
        await bravoAdmin.mutate('items.move', { itemIds: [bravoItem.id], folderId: alphaFolder.id }),
      ).toMatchObject(notFound);
      expect(await row(live.id)).toMatchObject({ title: 'alpha live', folderId: alphaFolder.id, deletedAt: null });
      expect((await row(binned.id))!.deletedAt).not.toBeNull();
    });

    it('sees none of their versions and operations over tRPC', async () => {
      const live = await item('alpha versioned');
      const versionId = (await row(live.id))!.leadingVersionId!;
      const operation = await t.services.deps.repos.operations.insert(alpha.tenant.id, {
        userId: alpha.admin.id,
        kind: 'transcode',
        status: 'in_progress',
        itemId: live.id,
        versionId,
        title: 'alpha versioned',
      });
      const notFound = { ok: false, status: 404, code: 'NOT_FOUND' };
      expect(await admin.query('items.versions', { itemId: live.id })).toMatchObject({ ok: true });
      expect(await bravoAdmin.query('items.versions', { itemId: live.id })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('items.promoteVersion', { itemId: live.id, versionId })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('items.reprocess', { itemId: live.id })).toMatchObject(notFound);
      const own = await admin.query<Array<{ id: string }>>('operations.list', { everyone: true, limit: 200 });
      expect(own.ok && own.data.map((o) => o.id)).toContain(operation.id);
      const everyone = await bravoAdmin.query<Array<{ id: string }>>('operations.list', { everyone: true, limit: 200 });
      expect(everyone.ok && everyone.data.map((o) => o.id)).not.toContain(operation.id);
      expect(await bravoAdmin.mutate('operations.cancel', { operationId: operation.id })).toMatchObject(notFound);
      expect(await t.services.deps.repos.operations.findById(alpha.tenant.id, operation.id)).toMatchObject({
        status: 'in_progress',
      });
    });

    it('sees none of them and changes none of them over REST', async () => {
      const alphaFolder = await folder('Alpha REST shelf');
      const live = await item('alpha rest live', { folderId: alphaFolder.id });
      const binned = await item('alpha rest binned');
      await admin.mutate('items.delete', { itemIds: [binned.id] });
      const key = await adminApiKey(t, bravo);
      const bravoRoot = (await t.services.deps.repos.folders.findRoot(bravo.tenant.id))!.id;
      expect(await rest(t, key, 'GET', `/items?folderId=${alphaFolder.id}`)).toMatchObject({ status: 404 });
      const own = await rest(t, key, 'GET', '/items?limit=200');
      expect(own.status).toBe(200);
      expect(JSON.stringify(own.body)).not.toContain(live.id);
      expect(await rest(t, key, 'GET', `/items/${live.id}`)).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'PATCH', `/items/${live.id}`, { title: 'x' })).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'POST', `/items/${live.id}/move`, { folderId: bravoRoot })).toMatchObject({
        status: 404,
      });
      expect(await rest(t, key, 'DELETE', `/items/${live.id}`)).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'POST', `/items/${binned.id}/restore`)).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'DELETE', `/items/${binned.id}/permanent`)).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
      expect(await row(live.id)).toMatchObject({ title: 'alpha rest live', deletedAt: null });
      expect(await row(binned.id)).toBeDefined();
    });
  });
});
