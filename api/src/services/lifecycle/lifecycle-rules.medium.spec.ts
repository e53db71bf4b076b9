import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { schema } from '@mam/db';
import { lifecycleRulesWorkflowId } from '@mam/workflows';
import { eq } from 'drizzle-orm';
import {
  addMember,
  adminApiKey,
  insertItem,
  rest,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../../testing/library-fixtures';
import type { TLifecycleRuleView } from './lifecycle-rule.service';
import { eventually } from '../../testing/storage-checks';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Tenant lifecycle rules on the embedded workflow runtime: each tenant's run wakes on its durable timer (short here)
 * or on "Run now", selects a folder's items older than the rule's age and archives them, or schedules their high-res
 * deletion, through the archive and high-res deletion services' bulk functions.
 */
describe('lifecycle rules', () => {
  let lib: TTwoTenantLibrary;
  let alphaKey: string;
  let bravoKey: string;
  let tenantId: string;
  let news: string;
  let newsSub: string;
  let sports: string;
  let online: { id: string; storage: { put(key: string, body: Readable): Promise<unknown> } };

  beforeAll(async () => {
    lib = await twoTenantLibrary('pglite', { media: true, lifecycleIntervalMs: 1500 });
    // The rules' "now" (their cutoff, their run times) is the wall clock here, as the items' created dates are.
    Object.defineProperty(lib.t.clock, 'now', { get: () => new Date() });
    alphaKey = await adminApiKey(lib.t, lib.alpha);
    bravoKey = await adminApiKey(lib.t, lib.bravo);
    tenantId = lib.alpha.tenant.id;
    online = await lib.t.services.storages.defaultFor(tenantId, 'upload');
    const folders = lib.t.services.deps.repos.folders;
    const folder = (name: string, parentId: string) =>
      folders.insert(tenantId, { name, parentId, ownerId: null, visibleTo: null, updatableBy: null });
    news = (await folder('News', lib.root)).id;
    newsSub = (await folder('Local', news)).id;
    sports = (await folder('Sports', lib.root)).id;
  }, 120_000);
  afterAll(() => lib?.t.dispose());

  /** An item with its original stored online, created `ageDays` ago. */
  async function item(
    title: string,
    folderId: string,
    ageDays: number,
    upload: 'COMPLETE' | 'PROGRESSING' = 'COMPLETE',
  ) {
    const row = await insertItem(lib.t, lib.alpha, {
      title,
      folderId,
      ownerId: lib.alpha.admin.id,
      storageId: online.id,
      generatedStorageId: online.id,
    });
    const key = `${tenantId}/items/${row.id}/${row.leadingVersionId}/original.bin`;
    await online.storage.put(key, Readable.from([randomBytes(4096)]));
    const repos = lib.t.services.deps.repos;
    await repos.items.updateVersion(tenantId, row.leadingVersionId!, {
      originalKey: key,
      fileSize: 4096,
      upload: { state: upload, receivedBytes: 4096, totalBytes: 4096, error: null },
    });
    await lib.t.database.db
      .update(schema.item)
      .set({ createdAt: new Date(Date.now() - ageDays * DAY_MS) })
      .where(eq(schema.item.id, row.id));
    return row.id;
  }

  const itemRow = async (id: string) => (await lib.t.services.deps.repos.items.findById(tenantId, id))!;
  const rules = async (key: string) =>
    (await rest(lib.t, key, 'GET', '/lifecycle-rules')).body.rules as TLifecycleRuleView[];
  const rule = async (id: string) =>
    (await rest(lib.t, alphaKey, 'GET', `/lifecycle-rules/${id}`)).body as unknown as TLifecycleRuleView;

  /** Waits for a run of the rule that finished after `since`. */
  async function ranAfter(id: string, since: Date): Promise<TLifecycleRuleView> {
    return eventually(async () => {
      const view = await rule(id);
      if (!view.lastRunAt || new Date(view.lastRunAt) <= since) throw new Error('not run yet');
      return view;
    });
  }

  async function archiveRequests(itemId: string): Promise<number> {
    const events = await lib.t.services.deps.repos.auditEvents.list(tenantId, { limit: 500 });
    return events.filter((event) => event.action === 'item.archive_requested' && event.targetId === itemId).length;
  }

  it('archives exactly the items of the folder and its subfolders older than the age, once', async () => {
    const oldNews = await item('Old news', news, 40);
    const oldLocal = await item('Old local', newsSub, 31);
    const youngNews = await item('Young news', news, 5);
    const oldSports = await item('Old sports', sports, 90);
    const recording = await item('Still recording', news, 45, 'PROGRESSING');

    const before = new Date();
    const created = await rest(lib.t, alphaKey, 'POST', '/lifecycle-rules', {
      name: 'Archive old news',
      action: 'archive',
      folderId: news,
      ageDays: 30,
    });
    expect(created.status).toBe(201);
    const ruleId = created.body.id as string;
    expect(created.body).toMatchObject({ includeSubfolders: true, enabled: true, storageId: null, lastRunAt: null });

    // The timer's round, not a request, applies it.
    const first = await ranAfter(ruleId, before);
    expect(first.lastResult).toMatchObject({ applied: 2, failed: 0, errors: [] });
    for (const id of [oldNews, oldLocal]) {
      await eventually(async () => expect((await itemRow(id)).isArchived).toBe(true));
    }
    for (const id of [youngNews, oldSports, recording]) {
      const row = await itemRow(id);
      expect(row.isArchived).toBe(false);
      expect(row.archiveTransfer).toBeNull();
    }

    // Later rounds find nothing new: the archived items are not requested again.
    const settled = new Date();
    const again = await ranAfter(ruleId, settled);
    expect(again.lastResult).toMatchObject({ applied: 0, failed: 0 });
    expect(again.lastResult!.skipped).toBe(1); // the recording still in progress
    expect(await archiveRequests(oldNews)).toBe(1);
    expect(await archiveRequests(oldLocal)).toBe(1);

    // Without subfolders, an old item below the folder is left alone.
    const oldLocal2 = await item('Old local two', newsSub, 60);
    const oldNews2 = await item('Old news two', news, 60);
    const updated = await rest(lib.t, alphaKey, 'PUT', `/lifecycle-rules/${ruleId}`, {
      name: 'Archive old news',
      action: 'archive',
      folderId: news,
      ageDays: 30,
      includeSubfolders: false,
    });
    expect(updated.status).toBe(200);
    const third = await ranAfter(ruleId, new Date());
    expect(third.lastResult).toMatchObject({ applied: 1 });
    await eventually(async () => expect((await itemRow(oldNews2)).isArchived).toBe(true));
    expect((await itemRow(oldLocal2)).archiveTransfer).toBeNull();

    // Disabled rules are not run by the timer; "Run now" runs it anyway.
    await rest(lib.t, alphaKey, 'PUT', `/lifecycle-rules/${ruleId}`, {
      name: 'Archive old news',
      action: 'archive',
      folderId: news,
      ageDays: 30,
      includeSubfolders: true,
      enabled: false,
    });
    const disabledAt = new Date();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(new Date((await rule(ruleId)).lastRunAt!).getTime()).toBeLessThan(disabledAt.getTime());
    expect((await itemRow(oldLocal2)).archiveTransfer).toBeNull();
    const ran = await rest(lib.t, alphaKey, 'POST', `/lifecycle-rules/${ruleId}/run`);
    expect(ran.status).toBe(202);
    expect((await ranAfter(ruleId, disabledAt)).lastResult).toMatchObject({ applied: 1 });
    await eventually(async () => expect((await itemRow(oldLocal2)).isArchived).toBe(true));

    expect((await rest(lib.t, alphaKey, 'DELETE', `/lifecycle-rules/${ruleId}`)).status).toBe(200);
  }, 180_000);

  it('schedules the high-res deletion of old items, each once', async () => {
    const old = await item('Old sports clip', sports, 20);
    const young = await item('Young sports clip', sports, 2);
    const created = await lib.admin.mutate<TLifecycleRuleView>('lifecycleRules.create', {
      name: 'Delete old sports high res',
      action: 'highres-deletion',
      folderId: sports,
      ageDays: 10,
      includeSubfolders: false,
      enabled: false,
    });
    if (!created.ok) throw new Error(created.code);
    const before = new Date();
    const ran = await lib.admin.mutate('lifecycleRules.runNow', { id: created.data.id });
    expect(ran.ok).toBe(true);
    const done = await ranAfter(created.data.id, before);
    // The item of the archive test in the same folder (90 days) counts too.
    expect(done.lastResult).toMatchObject({ failed: 0 });
    expect(done.lastResult!.applied).toBeGreaterThanOrEqual(1);
    const repos = lib.t.services.deps.repos;
    const schedule = await repos.highresDeletions.find(tenantId, old);
    expect(schedule).toBeDefined();
    // Days after ingest, as the rule says: due at once.
    const ingested = (await itemRow(old)).createdAt.getTime();
    expect(schedule!.at.getTime()).toBe(ingested + 10 * DAY_MS);
    expect(await repos.highresDeletions.find(tenantId, young)).toBeUndefined();
    await eventually(async () => expect((await repos.highresDeletions.find(tenantId, old))?.state).toBe('deleted'));

    const second = new Date();
    await lib.admin.mutate('lifecycleRules.runNow', { id: created.data.id });
    expect((await ranAfter(created.data.id, second)).lastResult).toMatchObject({ applied: 0, failed: 0 });
  }, 120_000);

  it('is started again at boot when its run is gone, and a running one is left as it is', async () => {
    const engine = lib.t.services.deps.workflows!;
    const workflowId = lifecycleRulesWorkflowId(tenantId);
    const running = await engine.describe(workflowId);
    expect(running.status).toBe('RUNNING');
    expect(await lib.t.services.lifecycleRules.startAll()).toBeGreaterThanOrEqual(1);
    expect((await engine.describe(workflowId)).runId).toBe(running.runId);

    await engine.terminate(workflowId, 'lost in a crash');
    await lib.t.services.lifecycleRules.startAll();
    const restarted = await engine.describe(workflowId);
    expect(restarted.status).toBe('RUNNING');
    expect(restarted.runId).not.toBe(running.runId);

    // The new run keeps the schedule: its timer applies an enabled rule.
    const old = await item('Old archive candidate', sports, 50);
    const before = new Date();
    const created = await rest(lib.t, alphaKey, 'POST', '/lifecycle-rules', {
      name: 'Archive old sports',
      action: 'archive',
      folderId: sports,
      ageDays: 45,
    });
    await ranAfter(created.body.id as string, before);
    await eventually(async () => expect((await itemRow(old)).archiveTransfer).not.toBeNull());
  }, 120_000);

  it('keeps each tenant to its own rules, folders and locations', async () => {
    const created = await rest(lib.t, alphaKey, 'POST', '/lifecycle-rules', {
      name: 'Alpha only',
      action: 'archive',
      folderId: news,
      ageDays: 365,
      enabled: false,
    });
    const ruleId = created.body.id as string;
    expect(await rules(bravoKey)).toEqual([]);
    expect((await rest(lib.t, bravoKey, 'GET', `/lifecycle-rules/${ruleId}`)).status).toBe(404);
    expect((await rest(lib.t, bravoKey, 'POST', `/lifecycle-rules/${ruleId}/run`)).status).toBe(404);
    const body = { name: 'Taken over', action: 'archive', folderId: news, ageDays: 1 };
    expect((await rest(lib.t, bravoKey, 'PUT', `/lifecycle-rules/${ruleId}`, body)).status).toBe(404);
    expect((await rest(lib.t, bravoKey, 'DELETE', `/lifecycle-rules/${ruleId}`)).status).toBe(404);
    expect(await lib.bravoAdmin.query('lifecycleRules.list')).toMatchObject({ ok: true, data: [] });

    // Another tenant's folder or location is refused.
    const foreignFolder = await rest(lib.t, bravoKey, 'POST', '/lifecycle-rules', body);
    expect(foreignFolder.status).toBe(400);
    expect(foreignFolder.body).toMatchObject({ code: 'LIFECYCLE_RULE_FOLDER_NOT_FOUND' });
    const bravoArchive = await lib.t.services.storages.defaultFor(lib.bravo.tenant.id, 'archive');
    const foreignStorage = await rest(lib.t, alphaKey, 'POST', '/lifecycle-rules', {
      ...body,
      storageId: bravoArchive.id,
    });
    expect(foreignStorage.body).toMatchObject({ code: 'LIFECYCLE_RULE_STORAGE_NOT_ARCHIVE' });
    const online = await rest(lib.t, alphaKey, 'POST', '/lifecycle-rules', {
      ...body,
      storageId: (await lib.t.services.storages.defaultFor(tenantId, 'upload')).id,
    });
    expect(online.body).toMatchObject({ code: 'LIFECYCLE_RULE_STORAGE_NOT_ARCHIVE' });

    // Tenant administration only.
    const editor = await addMember(lib.t, lib.alpha, 'editor', { archive: true });
    const refused = await editor.client.query('lifecycleRules.list');
    expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await rules(alphaKey)).map((r) => r.id)).toContain(ruleId);
  }, 60_000);

  it('its rounds give up the archive uploads nobody can resume any more, the tenant’s own only', async () => {
    const repos = lib.t.services.deps.repos;
    /** A recorded multipart upload of the item's original, as a failed or running archive copy leaves it. */
    async function upload(tenant: typeof lib.alpha, itemId: string) {
      const row = (await repos.items.findById(tenant.tenant.id, itemId))!;
      const target = {
        tenantId: tenant.tenant.id,
        versionId: row.leadingVersionId!,
        storageId: online.id,
        key: `archive/${itemId}.bin`,
      };
      await repos.archiveUploads.begin(target, { uploadId: `upload-${itemId}`, partSize: 5 << 20, size: 4096 });
      return target;
    }
    const deleted = async (id: string) =>
      lib.t.database.db.update(schema.item).set({ deletedAt: new Date() }).where(eq(schema.item.id, id));

    const goneId = await item('Deleted before its archive copy finished', sports, 0);
    const gone = await upload(lib.alpha, goneId);
    await deleted(goneId);
    const runningId = await item('Archive copy under way', sports, 0);
    const running = await upload(lib.alpha, runningId);
    await repos.items.update(tenantId, runningId, {
      archiveTransfer: {
        state: 'PROGRESSING',
        direction: 'archive',
        error: null,
        enabled: false,
        storageId: online.id,
        bytesDone: 0,
        bytesTotal: 4096,
        files: [],
      },
    });
    const bravoItem = await insertItem(lib.t, lib.bravo, {
      title: 'Bravo deleted',
      folderId: null,
      ownerId: lib.bravo.admin.id,
    });
    const bravoGone = await upload(lib.bravo, bravoItem.id);
    await deleted(bravoItem.id);

    // The tenant's scheduled task (started for it as a failed archive copy does) aborts the deleted item's upload.
    await lib.t.services.lifecycleRules.keepRunning(tenantId);
    await eventually(async () => expect(await repos.archiveUploads.find(gone)).toBeUndefined(), 30_000);
    expect(await repos.archiveUploads.find(running)).toBeDefined();
    expect(await repos.archiveUploads.find(bravoGone)).toBeDefined();
    expect(await repos.archiveUploads.tenantsWithUploads()).toEqual(
      expect.arrayContaining([tenantId, lib.bravo.tenant.id]),
    );
  }, 60_000);
});
