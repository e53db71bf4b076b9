import { existsSync } from 'node:fs';
import path from 'node:path';
import { testBackends } from '@mam/db/testing';
import { loadActor } from '../services/actor.service';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';
import { TusTestClient } from '../testing/tus-client';

jest.setTimeout(120_000);

type TUploadFolder = { folder: { id: string; name: string; isRoot: boolean }; chosen: boolean; canChoose: boolean };

describe.each(testBackends)('uploads from anywhere on %s', (backend) => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof createTenant>>;
  let bravo: Awaited<ReturnType<typeof createTenant>>;
  let alphaClient: TrpcClient;
  let bravoClient: TrpcClient;
  let alphaTus: TusTestClient;

  beforeAll(async () => {
    t = await createTestApp(backend);
    alpha = await createTenant(t, 'alpha');
    bravo = await createTenant(t, 'bravo');
    alphaClient = new TrpcClient(t.app);
    await alphaClient.login('alpha', alpha.adminEmail, alpha.adminPassword);
    bravoClient = new TrpcClient(t.app);
    await bravoClient.login('bravo', bravo.adminEmail, bravo.adminPassword);
    const key = await alphaClient.mutate<{ secret: string }>('apiKeys.create', {
      label: 'robot',
      expiresAt: null,
      maxUnusedDays: null,
    });
    if (!key.ok) throw new Error(key.code);
    alphaTus = new TusTestClient(t.app, { authorization: `Bearer ${key.data.secret}` });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const uploadsDir = () => path.join(t.dataDir, 'uploads');
  const itemExists = async (tenantId: string, itemId: string) =>
    (await t.services.deps.repos.items.findById(tenantId, itemId)) !== undefined;
  const auditActions = async (tenantId: string, itemId: string) =>
    (await t.services.deps.repos.auditEvents.listForTarget(tenantId, { type: 'item', id: itemId }, { limit: 20 })).map(
      (e) => e.action,
    );

  it('sends uploads without a folder to the chosen default folder, else the root; checks the folder chosen', async () => {
    const admin = await loadActor(t.services.deps, alpha.admin);
    const root = (await t.services.deps.repos.folders.findRoot(alpha.tenant.id))!;
    const initial = await alphaClient.query<TUploadFolder>('uploads.folder');
    expect(initial.ok && initial.data).toEqual({
      folder: { id: root.id, name: root.name, isRoot: true },
      chosen: false,
      canChoose: true,
    });

    const inbox = await t.services.folders.create(admin, { name: 'Inbox' }, null);
    const set = await alphaClient.mutate<TUploadFolder>('uploads.setFolder', { folderId: inbox.id });
    expect(set.ok && set.data).toMatchObject({ folder: { id: inbox.id, name: 'Inbox', isRoot: false }, chosen: true });

    const created = await alphaTus.create(10, { filename: 'clip.mov' });
    expect(created.statusCode).toBe(201);
    const itemId = String(created.headers['item-id']);
    expect((await t.services.deps.repos.items.findById(alpha.tenant.id, itemId))?.folderId).toBe(inbox.id);
    // A folder named in the upload still wins.
    const named = await alphaTus.create(10, { filename: 'other.mov', folderId: root.id });
    const namedItem = await t.services.deps.repos.items.findById(alpha.tenant.id, String(named.headers['item-id']));
    expect(namedItem?.folderId).toBe(root.id);

    // Tenant B's folder cannot be chosen; neither can a folder that does not exist.
    const bravoRoot = (await t.services.deps.repos.folders.findRoot(bravo.tenant.id))!;
    const foreign = await alphaClient.mutate('uploads.setFolder', { folderId: bravoRoot.id });
    expect(!foreign.ok && foreign.code).toBe('NOT_FOUND');
    // Tenant B reads its own root, not tenant A's choice.
    const bravoView = await bravoClient.query<TUploadFolder>('uploads.folder');
    expect(bravoView.ok && bravoView.data.folder.id).toBe(bravoRoot.id);

    // Back to the root; the audit trail has both choices.
    const reset = await alphaClient.mutate<TUploadFolder>('uploads.setFolder', { folderId: null });
    expect(reset.ok && reset.data).toMatchObject({ folder: { id: root.id }, chosen: false });
    const trail = await t.services.deps.repos.auditEvents.listForTarget(
      alpha.tenant.id,
      { type: 'user', id: alpha.admin.id },
      { limit: 10 },
    );
    expect(trail.filter((e) => e.action === 'user.uploadFolderChanged')).toHaveLength(2);
  });

  it('falls back to the root when the chosen folder is gone, and refuses users who may not choose', async () => {
    const admin = await loadActor(t.services.deps, alpha.admin);
    const root = (await t.services.deps.repos.folders.findRoot(alpha.tenant.id))!;
    const temporary = await t.services.folders.create(admin, { name: 'Temporary' }, null);
    await alphaClient.mutate('uploads.setFolder', { folderId: temporary.id });
    await t.services.deps.repos.folders.delete(alpha.tenant.id, temporary.id);
    const after = await alphaClient.query<TUploadFolder>('uploads.folder');
    expect(after.ok && after.data).toMatchObject({ folder: { id: root.id }, chosen: false });

    const viewers = await t.services.groups.create(admin, { name: 'Viewers', permissions: { apiKeys: true } }, null);
    const viewer = await t.services.users.create(
      admin,
      { email: 'viewer@alpha.test', name: 'Viewer', password: 'viewer-password-1', groupIds: [viewers.id] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('alpha', viewer.email, 'viewer-password-1');
    const refused = await client.mutate('uploads.setFolder', { folderId: null });
    expect(!refused.ok && refused.code).toBe('UPLOAD_FORBIDDEN');
  });

  it('cancels an unfinished upload from its item: item, partial file and operation go, with an audit event', async () => {
    const created = await alphaTus.create(100, { filename: 'left.mov' });
    const itemId = String(created.headers['item-id']);
    const uploadId = String(created.headers.location).split('/').pop()!;
    expect(existsSync(path.join(uploadsDir(), uploadId))).toBe(true);

    // Tenant B cannot cancel it, nor tell that it exists.
    const foreign = await bravoClient.mutate('uploads.cancel', { itemId });
    expect(!foreign.ok && foreign.code).toBe('NOT_FOUND');
    expect(await itemExists(alpha.tenant.id, itemId)).toBe(true);

    const cancelled = await alphaClient.mutate<{ cancelled: boolean }>('uploads.cancel', { itemId });
    expect(cancelled.ok && cancelled.data).toEqual({ cancelled: true });
    expect(await itemExists(alpha.tenant.id, itemId)).toBe(false);
    expect(existsSync(path.join(uploadsDir(), uploadId))).toBe(false);
    expect(existsSync(path.join(uploadsDir(), `${uploadId}.json`))).toBe(false);
    expect(await auditActions(alpha.tenant.id, itemId)).toEqual(
      expect.arrayContaining(['item.uploadStarted', 'item.uploadCancelled']),
    );
    // tus answers the gone upload as unknown, so the browser's resume falls back to a fresh upload.
    expect((await alphaTus.offset(String(created.headers.location))).statusCode).toBe(404);
  });

  it("refuses to cancel another user's upload, and leaves finished uploads alone", async () => {
    const admin = await loadActor(t.services.deps, alpha.admin);
    const uploaders = await t.services.groups.create(
      admin,
      { name: 'Uploaders', permissions: { create: true, upload: true } },
      null,
    );
    const colleague = await t.services.users.create(
      admin,
      { email: 'colleague@alpha.test', name: 'Colleague', password: 'colleague-password-1', groupIds: [uploaders.id] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('alpha', colleague.email, 'colleague-password-1');
    const created = await alphaTus.create(100, { filename: 'admins.mov' });
    const itemId = String(created.headers['item-id']);
    const refused = await client.mutate('uploads.cancel', { itemId });
    expect(!refused.ok && refused.code).toBe('NOT_FOUND');
    expect(await itemExists(alpha.tenant.id, itemId)).toBe(true);

    const done = await alphaTus.create(4, { filename: 'done.txt' });
    await alphaTus.append(String(done.headers.location), 0, Buffer.from('abcd'));
    const doneId = String(done.headers['item-id']);
    const noop = await alphaClient.mutate<{ cancelled: boolean }>('uploads.cancel', { itemId: doneId });
    expect(noop.ok && noop.data).toEqual({ cancelled: false });
    expect(await itemExists(alpha.tenant.id, doneId)).toBe(true);
  });

  it('cleans up uploads that received no byte for UPLOAD_ABANDONED_HOURS, and only those', async () => {
    const empty = await alphaTus.create(100, { filename: 'never-sent.mov' });
    const emptyId = String(empty.headers['item-id']);
    const emptyUpload = String(empty.headers.location).split('/').pop()!;
    const started = await alphaTus.create(100, { filename: 'half-sent.mov' });
    await alphaTus.append(String(started.headers.location), 0, Buffer.alloc(50));
    const startedId = String(started.headers['item-id']);
    const bravoTus = await (async () => {
      const key = await bravoClient.mutate<{ secret: string }>('apiKeys.create', {
        label: 'robot',
        expiresAt: null,
        maxUnusedDays: null,
      });
      if (!key.ok) throw new Error(key.code);
      return new TusTestClient(t.app, { authorization: `Bearer ${key.data.secret}` });
    })();
    const bravoEmpty = await bravoTus.create(100, { filename: 'bravo.mov' });
    const bravoId = String(bravoEmpty.headers['item-id']);

    // Not yet a day old: nothing goes.
    t.clock.now = new Date(Date.now() + 23 * 60 * 60 * 1000);
    await t.services.uploads.cleanAbandoned();
    expect(await itemExists(alpha.tenant.id, emptyId)).toBe(true);

    t.clock.now = new Date(Date.now() + 25 * 60 * 60 * 1000);
    try {
      await t.services.uploads.cleanAbandoned();
    } finally {
      t.clock.now = new Date();
    }
    expect(await itemExists(alpha.tenant.id, emptyId)).toBe(false);
    expect(await itemExists(bravo.tenant.id, bravoId)).toBe(false);
    expect(existsSync(path.join(uploadsDir(), emptyUpload))).toBe(false);
    // Bytes arrived: the upload is resumable and stays until the tus expiry.
    expect(await itemExists(alpha.tenant.id, startedId)).toBe(true);
    const events = await t.services.deps.repos.auditEvents.listForTarget(
      alpha.tenant.id,
      { type: 'item', id: emptyId },
      { limit: 10 },
    );
    const abandoned = events.find((e) => e.action === 'item.uploadAbandoned');
    expect(abandoned).toMatchObject({
      actorUserId: null,
      summary: 'Upload abandoned before its first byte: never-sent.mov',
    });
    // Each tenant's event is in its own trail.
    expect(await auditActions(bravo.tenant.id, bravoId)).toContain('item.uploadAbandoned');
    expect(await auditActions(alpha.tenant.id, bravoId)).toEqual([]);
  });
});
