import { testBackends } from '@mam/db/testing';
import type { TFolderTree, TFolderView } from '../services/folder.service';
import {
  addMember,
  adminApiKey,
  groupIdByKind,
  insertItem,
  rest,
  setEveryonePermissions,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import { type TestApp, type TrpcClient } from '../testing/test-app';

const OWNER_ONLY = "Only owner/admins with required permissions are allowed to set access to 'owner only'!";
const GROUPS_ONLY = "User doesn't have enough permissions to restrict visibility to specific groups!";
const ownerOnly = { level: 'owner', groups: [] };

describe.each(testBackends)('folders on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let member: TMember;
  let editor: TMember;
  let editorsGroupId: string;
  let root: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    member = await addMember(t, alpha, 'member');
    editor = await addMember(t, alpha, 'editor', { setVisibleToSelf: true, setVisibleToGroups: true, delete: true });
    editorsGroupId = editor.actor.groupIds.find((id) => id !== editor.actor.orgGroupId)!;
  });
  afterAll(() => t.dispose());

  async function create(client: TrpcClient, name: string, parentId?: string, extra: object = {}) {
    const result = await client.mutate<TFolderView>('folders.create', { name, parentId, ...extra });
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data;
  }

  async function tree(client: TrpcClient) {
    const result = await client.query<TFolderTree>('folders.tree');
    if (!result.ok) throw new Error(result.code);
    return result.data;
  }

  async function auditActions(targetId: string) {
    const rows = await t.services.deps.repos.auditEvents.listForTarget(
      alpha.tenant.id,
      { type: 'folder', id: targetId },
      { limit: 50 },
    );
    return rows.map((r) => [r.action, r.actorEmail]);
  }

  it('shows every user the root and builds a tree of created folders', async () => {
    const news = await create(admin, 'News');
    const sport = await create(admin, 'Sport', news.id);
    expect(news).toMatchObject({ parentId: root, name: 'News', isRoot: false, canUpdate: true, canDelete: true });
    // Without folderUpdate a user may still add to a folder its access list opens to it, but not rename it.
    await setEveryonePermissions(t, alpha, { folderUpdate: false });
    try {
      expect(await member.client.query('folders.get', { id: news.id })).toMatchObject({
        data: { canUpdate: false, canAddTo: true },
      });
      expect(await member.client.mutate('folders.rename', { id: news.id, name: 'x' })).toMatchObject({
        status: 403,
        code: 'FOLDER_UPDATE_FORBIDDEN',
      });
      expect(await member.client.mutate('folders.create', { name: 'Inside news', parentId: news.id })).toMatchObject({
        ok: true,
      });
    } finally {
      await setEveryonePermissions(t, alpha, {});
    }
    const seen = await tree(member.client);
    expect(seen.rootId).toBe(root);
    expect(seen.folders.find((f) => f.id === root)).toMatchObject({ isRoot: true, parentId: null, canDelete: false });
    expect(seen.folders.find((f) => f.id === sport.id)).toMatchObject({ parentId: news.id, name: 'Sport' });
    expect(await auditActions(news.id)).toEqual([['folder.created', alpha.adminEmail]]);
  });

  it('trims names and refuses empty ones', async () => {
    expect((await create(member.client, '  Promos  ')).name).toBe('Promos');
    expect(await member.client.mutate('folders.create', { name: '   ' })).toMatchObject({
      ok: false,
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it('needs folderCreate, and update access to the parent', async () => {
    await setEveryonePermissions(t, alpha, { folderCreate: false });
    try {
      expect(await member.client.mutate('folders.create', { name: 'Nope' })).toMatchObject({
        ok: false,
        status: 403,
        code: 'FOLDER_CREATE_FORBIDDEN',
        message: 'You do not have permission to create folders',
      });
    } finally {
      await setEveryonePermissions(t, alpha, {});
    }
    const locked = await create(editor.client, 'Locked', undefined, { updatableBy: ownerOnly });
    expect(await member.client.mutate('folders.create', { name: 'Inside', parentId: locked.id })).toMatchObject({
      ok: false,
      status: 403,
      code: 'FOLDER_UPDATE_FORBIDDEN',
    });
  });

  it('renames and moves, and records both', async () => {
    const a = await create(member.client, 'A');
    const b = await create(member.client, 'B');
    const renamed = await member.client.mutate<TFolderView>('folders.rename', { id: a.id, name: 'A2' });
    expect(renamed).toMatchObject({ ok: true, data: { name: 'A2' } });
    const moved = await member.client.mutate<TFolderView>('folders.move', { id: a.id, parentId: b.id });
    expect(moved).toMatchObject({ ok: true, data: { parentId: b.id } });
    expect(await auditActions(a.id)).toEqual([
      ['folder.moved', member.email],
      ['folder.renamed', member.email],
      ['folder.created', member.email],
    ]);
  });

  it('refuses cycles and leaves the root where it is', async () => {
    const top = await create(admin, 'Top');
    const middle = await create(admin, 'Middle', top.id);
    const bottom = await create(admin, 'Bottom', middle.id);
    const cycle = {
      ok: false,
      status: 409,
      code: 'FOLDER_CYCLE',
      message: 'A folder cannot be moved into itself or into one of its subfolders',
    };
    expect(await admin.mutate('folders.move', { id: top.id, parentId: bottom.id })).toMatchObject(cycle);
    expect(await admin.mutate('folders.move', { id: top.id, parentId: top.id })).toMatchObject(cycle);
    const rootLocked = { ok: false, status: 409, code: 'FOLDER_ROOT_LOCKED' };
    expect(await admin.mutate('folders.move', { id: root, parentId: top.id })).toMatchObject(rootLocked);
    expect(await admin.mutate('folders.delete', { id: root })).toMatchObject(rootLocked);
    expect(await admin.mutate('folders.setAccess', { id: root, visibleTo: ownerOnly })).toMatchObject(rootLocked);
    // Moving down a level the other way round is fine.
    expect(await admin.mutate('folders.move', { id: bottom.id, parentId: top.id })).toMatchObject({ ok: true });
  });

  describe('access settings', () => {
    it("refuses owner only without setVisibleToSelf with the spec's message", async () => {
      const own = await create(member.client, 'Mine');
      for (const field of ['visibleTo', 'updatableBy']) {
        expect(await member.client.mutate('folders.setAccess', { id: own.id, [field]: ownerOnly })).toMatchObject({
          ok: false,
          status: 403,
          code: 'OWNER_ONLY_FORBIDDEN',
          message: OWNER_ONLY,
        });
      }
    });

    it('lets an owner with setVisibleToSelf, and admins, set owner only; never another user', async () => {
      const mine = await create(editor.client, 'Editor own');
      expect(await editor.client.mutate('folders.setAccess', { id: mine.id, visibleTo: ownerOnly })).toMatchObject({
        ok: true,
        data: { visibleTo: ownerOnly },
      });
      const theirs = await create(member.client, 'Member own');
      expect(await editor.client.mutate('folders.setAccess', { id: theirs.id, visibleTo: ownerOnly })).toMatchObject({
        ok: false,
        code: 'OWNER_ONLY_FORBIDDEN',
        message: OWNER_ONLY,
      });
      expect(await admin.mutate('folders.setAccess', { id: theirs.id, updatableBy: ownerOnly })).toMatchObject({
        ok: true,
      });
      expect(await auditActions(mine.id)).toContainEqual(['folder.accessChanged', editor.email]);
    });

    it("refuses selected groups without setVisibleToGroups with the spec's message", async () => {
      const own = await create(member.client, 'Grouped');
      const access = { level: 'selected_groups', groups: [editorsGroupId] };
      expect(await member.client.mutate('folders.setAccess', { id: own.id, visibleTo: access })).toMatchObject({
        ok: false,
        status: 403,
        code: 'GROUP_RESTRICTION_FORBIDDEN',
        message: GROUPS_ONLY,
      });
      const editorOwn = await create(editor.client, 'Editors only');
      expect(await editor.client.mutate('folders.setAccess', { id: editorOwn.id, visibleTo: access })).toMatchObject({
        ok: true,
        data: { visibleTo: access },
      });
    });

    it.each([
      ['visibleTo', 'BAD_VISIBLE_TO', 'Bad visibleTo'],
      ['updatableBy', 'BAD_UPDATABLE_BY', 'Bad updatableBy'],
    ])('answers a malformed %s with %s', async (field, code, message) => {
      const own = await create(admin, `Bad ${field}`);
      for (const value of ['tenant', { level: 'everyone' }, { level: 'tenant', extra: 1 }]) {
        expect(await admin.mutate('folders.setAccess', { id: own.id, [field]: value })).toMatchObject({
          ok: false,
          status: 400,
          code,
          message,
        });
      }
      // Groups of another tenant (or none at all) are not groups here.
      const foreign = { level: 'selected_groups', groups: [await groupIdByKind(t, bravo, 'organisation')] };
      expect(await admin.mutate('folders.setAccess', { id: own.id, [field]: foreign })).toMatchObject({ code });
      expect(
        await admin.mutate('folders.setAccess', { id: own.id, [field]: { level: 'selected_groups', groups: [] } }),
      ).toMatchObject({ status: 400, code: 'SELECTED_GROUPS_EMPTY' });
    });

    it('hides a folder and what is below it from those who may not see it', async () => {
      const hidden = await create(editor.client, 'Hidden', undefined, { visibleTo: ownerOnly });
      const below = await create(editor.client, 'Below hidden', hidden.id);
      const ids = (await tree(member.client)).folders.map((f) => f.id);
      expect(ids).not.toContain(hidden.id);
      expect(ids).not.toContain(below.id);
      expect((await tree(editor.client)).folders.map((f) => f.id)).toEqual(
        expect.arrayContaining([hidden.id, below.id]),
      );
      expect((await tree(admin)).folders.map((f) => f.id)).toContain(below.id);
      for (const id of [hidden.id, below.id]) {
        expect(await member.client.query('folders.get', { id })).toMatchObject({ ok: false, status: 404 });
        expect(await member.client.mutate('folders.rename', { id, name: 'x' })).toMatchObject({ status: 404 });
      }
      // Lifting the restriction (null) shows it again.
      await editor.client.mutate('folders.setAccess', { id: hidden.id, visibleTo: null });
      expect((await tree(member.client)).folders.map((f) => f.id)).toContain(below.id);
    });

    it('keeps non-updaters from renaming, moving and restricting', async () => {
      const locked = await create(editor.client, 'Read only', undefined, { updatableBy: ownerOnly });
      const view = await member.client.query<TFolderView>('folders.get', { id: locked.id });
      expect(view).toMatchObject({ ok: true, data: { canUpdate: false, canAddTo: false, canDelete: false } });
      const refused = { ok: false, status: 403, code: 'FOLDER_UPDATE_FORBIDDEN' };
      expect(await member.client.mutate('folders.rename', { id: locked.id, name: 'x' })).toMatchObject(refused);
      expect(await member.client.mutate('folders.move', { id: locked.id, parentId: root })).toMatchObject(refused);
      expect(await member.client.mutate('folders.setAccess', { id: locked.id, visibleTo: null })).toMatchObject(
        refused,
      );
      const mine = await create(member.client, 'Movable');
      expect(await member.client.mutate('folders.move', { id: mine.id, parentId: locked.id })).toMatchObject(refused);
    });
  });

  describe('delete', () => {
    it("sends the subtree's live items to the recycle bin and removes the folders", async () => {
      const top = await create(editor.client, 'Doomed');
      const sub = await create(editor.client, 'Doomed child', top.id);
      const a = await insertItem(t, alpha, { title: 'a', folderId: top.id, ownerId: editor.id });
      const b = await insertItem(t, alpha, { title: 'b', folderId: sub.id, ownerId: member.id });
      const outside = await insertItem(t, alpha, { title: 'outside', folderId: root, ownerId: member.id });
      const result = await editor.client.mutate<{ deletedFolderIds: string[]; recycledItemIds: string[] }>(
        'folders.delete',
        { id: top.id },
      );
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.data.deletedFolderIds.sort()).toEqual([top.id, sub.id].sort());
      expect(result.data.recycledItemIds.sort()).toEqual([a.id, b.id].sort());
      const repos = t.services.deps.repos;
      expect(await repos.folders.findById(alpha.tenant.id, sub.id)).toBeUndefined();
      for (const id of [a.id, b.id]) {
        const row = await repos.items.findById(alpha.tenant.id, id);
        expect(row).toMatchObject({ folderId: null, deletedBy: editor.id });
        expect(row!.deletedAt).toBeInstanceOf(Date);
        const history = await repos.auditEvents.listForTarget(alpha.tenant.id, { type: 'item', id }, { limit: 5 });
        expect(history.map((e) => [e.action, e.actorEmail])).toEqual([['item.deleted', editor.email]]);
      }
      expect((await repos.items.findById(alpha.tenant.id, outside.id))!.deletedAt).toBeNull();
      expect(await auditActions(top.id)).toContainEqual(['folder.deleted', editor.email]);
    });

    it('changes nothing when an item or subfolder in it may not be deleted', async () => {
      const top = await create(member.client, 'Kept');
      const theirs = await insertItem(t, alpha, { title: 'admin owned', folderId: top.id, ownerId: alpha.admin.id });
      expect(await member.client.mutate('folders.delete', { id: top.id })).toMatchObject({
        ok: false,
        status: 403,
        code: 'DELETE_ITEMS_FORBIDDEN',
        message: 'You do not have permission to delete one or more of the selected items',
      });
      expect(await t.services.deps.repos.folders.findById(alpha.tenant.id, top.id)).toBeDefined();
      expect((await t.services.deps.repos.items.findById(alpha.tenant.id, theirs.id))!.deletedAt).toBeNull();

      const other = await create(member.client, 'Has a locked child');
      await create(admin, 'Locked child', other.id, { updatableBy: ownerOnly });
      expect(await member.client.mutate('folders.delete', { id: other.id })).toMatchObject({
        status: 403,
        code: 'FOLDER_DELETE_FORBIDDEN',
        message: "You don't have permission to delete this folder",
      });
    });

    it('needs folderDelete', async () => {
      const own = await create(member.client, 'Empty');
      await setEveryonePermissions(t, alpha, { folderDelete: false });
      try {
        expect(await member.client.mutate('folders.delete', { id: own.id })).toMatchObject({
          status: 403,
          code: 'FOLDER_DELETE_FORBIDDEN',
        });
      } finally {
        await setEveryonePermissions(t, alpha, {});
      }
      expect(await member.client.mutate('folders.delete', { id: own.id })).toMatchObject({ ok: true });
    });
  });

  describe('REST', () => {
    it('lists, creates, updates and deletes folders', async () => {
      const key = await adminApiKey(t, alpha);
      const listed = await rest(t, key, 'GET', '/folders');
      expect(listed).toMatchObject({ status: 200, body: { rootId: root } });
      const created = await rest(t, key, 'POST', '/folders', { name: 'From REST' });
      expect(created).toMatchObject({ status: 201, body: { name: 'From REST', parentId: root } });
      const id = created.body.id as string;
      const target = await rest(t, key, 'POST', '/folders', { name: 'REST target' });
      const patched = await rest(t, key, 'PATCH', `/folders/${id}`, {
        name: 'Renamed',
        parentId: target.body.id,
        visibleTo: { level: 'tenant', groups: [] },
      });
      expect(patched).toMatchObject({
        status: 200,
        body: { name: 'Renamed', parentId: target.body.id, visibleTo: { level: 'tenant' } },
      });
      expect(await rest(t, key, 'GET', `/folders/${id}`)).toMatchObject({ status: 200, body: { name: 'Renamed' } });
      expect(await rest(t, key, 'PATCH', `/folders/${id}`, { visibleTo: 'everyone' })).toMatchObject({
        status: 400,
        body: { code: 'BAD_VISIBLE_TO', message: 'Bad visibleTo' },
      });
      expect(await rest(t, key, 'PATCH', `/folders/${target.body.id}`, { parentId: id })).toMatchObject({
        status: 409,
        body: { code: 'FOLDER_CYCLE' },
      });
      expect(await rest(t, key, 'DELETE', `/folders/${target.body.id}`)).toMatchObject({
        status: 200,
        body: { deletedFolderIds: expect.arrayContaining([id, target.body.id]) },
      });
    });

    it('documents the folder routes in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
      expect(Object.keys(doc.paths['/api/v1/folders/{id}'])).toEqual(['get', 'patch', 'delete']);
      expect(doc.components.schemas.Folder.properties.visibleTo).toBeDefined();
    });
  });

  describe("tenant B and tenant A's folders", () => {
    it('sees none of them and changes none of them over tRPC', async () => {
      const folder = await create(admin, 'Alpha private');
      const own = await create(bravoAdmin, 'Bravo own');
      const ids = (await tree(bravoAdmin)).folders.map((f) => f.id);
      expect(ids).not.toContain(folder.id);
      expect(ids).not.toContain(root);
      const notFound = { ok: false, status: 404, code: 'NOT_FOUND' };
      expect(await bravoAdmin.query('folders.get', { id: folder.id })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('folders.create', { name: 'x', parentId: folder.id })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('folders.rename', { id: folder.id, name: 'x' })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('folders.move', { id: folder.id, parentId: own.id })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('folders.move', { id: own.id, parentId: folder.id })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('folders.setAccess', { id: folder.id, visibleTo: null })).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('folders.delete', { id: folder.id })).toMatchObject(notFound);
      expect(await t.services.deps.repos.folders.findById(alpha.tenant.id, folder.id)).toMatchObject({
        name: 'Alpha private',
        parentId: root,
      });
    });

    it('sees none of them and changes none of them over REST', async () => {
      const folder = await create(admin, 'Alpha REST private');
      const key = await adminApiKey(t, bravo);
      const listed = await rest(t, key, 'GET', '/folders');
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).not.toContain(folder.id);
      expect(await rest(t, key, 'GET', `/folders/${folder.id}`)).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'POST', '/folders', { name: 'x', parentId: folder.id })).toMatchObject({
        status: 404,
      });
      expect(await rest(t, key, 'PATCH', `/folders/${folder.id}`, { name: 'x' })).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'DELETE', `/folders/${folder.id}`)).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
      expect(await t.services.deps.repos.folders.findById(alpha.tenant.id, folder.id)).toMatchObject({
        name: 'Alpha REST private',
      });
    });
  });
});
