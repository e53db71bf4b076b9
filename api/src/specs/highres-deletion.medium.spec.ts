import { Readable } from 'node:stream';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import { highresDeletionWorkflowId } from '@mam/workflows';
import type { THighresDeletionView } from '../services/highres-deletion/highres-deletion.service';
import {
  adminApiKey,
  insertItem,
  itemHistory,
  rest,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;

/**
 * High-resolution deletion scheduling (issue 24): a durable timer per item deletes the originals of every version
 * and nothing else; unscheduling is refused with the spec's messages once that is no longer possible.
 */
describe.each(testBackends)('high-res deletion on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let alphaKey: string;
  let bravoKey: string;

  beforeAll(async () => {
    // media: the workflow runtime runs, so deletions are real runs.
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend, { media: true }));
    alphaKey = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
  }, 120_000);
  afterAll(() => t.dispose());

  const storageOf = async (type: 'upload' | 'generated') => t.services.storages.defaultFor(alpha.tenant.id, type);
  const exists = async (type: 'upload' | 'generated', key: string) =>
    (await (await storageOf(type)).storage.head(key)) !== null;

  /** An item whose two versions have their originals in the upload storage and a proxy in the generated one. */
  async function itemWithMedia(title: string): Promise<{ item: TItemRow; originals: string[]; proxy: string }> {
    const item = await insertItem(t, alpha, { title, folderId: root, ownerId: alpha.admin.id });
    const upload = await storageOf('upload');
    const generated = await storageOf('generated');
    const [first] = await t.services.deps.repos.items.listVersions(alpha.tenant.id, item.id);
    const second = await t.services.deps.repos.items.insertVersion(alpha.tenant.id, item.id, {
      fileName: `${title} v2.mp4`,
      fileSize: 5,
      upload: { state: 'COMPLETE', receivedBytes: 5, totalBytes: 5, error: null },
      transcoding: { state: 'COMPLETE', error: null, enabled: true, progress: 100, step: null },
    });
    const originals: string[] = [];
    for (const version of [first!, second]) {
      const key = `${alpha.tenant.id}/${item.id}/${version.id}/original.mp4`;
      await upload.storage.put(key, Readable.from([Buffer.from('hires')]));
      await t.services.deps.repos.items.updateVersion(alpha.tenant.id, version.id, {
        storageId: upload.id,
        originalKey: key,
      });
      originals.push(key);
    }
    const proxy = `${alpha.tenant.id}/${item.id}/proxy.mp4`;
    await generated.storage.put(proxy, Readable.from([Buffer.from('proxy')]));
    return { item, originals, proxy };
  }

  const schedule = (client: TrpcClient, itemId: string, when: unknown) =>
    client.mutate<THighresDeletionView>('highresDeletion.schedule', { itemId, when });
  const unschedule = (client: TrpcClient, itemId: string) => client.mutate('highresDeletion.unschedule', { itemId });
  const refusal = (code: string, status = 409) => ({ ok: false, status, code });

  it('deletes the originals of every version when due, keeps the proxy, and then refuses to unschedule', async () => {
    const { item, originals, proxy } = await itemWithMedia('Due now');
    // Days after ingest that have passed already: the deletion is due at once.
    t.clock.now = new Date(Date.now() + 60_000);
    const scheduled = await schedule(admin, item.id, { afterDays: 0 });
    expect(scheduled).toMatchObject({ ok: true, data: { state: 'scheduled', at: item.createdAt.toISOString() } });
    const engine = t.services.deps.workflows!;
    expect(await engine.result(highresDeletionWorkflowId(alpha.tenant.id, item.id))).toBe('deleted');
    for (const key of originals) expect(await exists('upload', key)).toBe(false);
    expect(await exists('generated', proxy)).toBe(true);
    const versions = await t.services.deps.repos.items.listVersions(alpha.tenant.id, item.id);
    expect(versions.map((version) => version.originalKey)).toEqual([null, null]);
    expect(await admin.query('highresDeletion.get', { itemId: item.id })).toMatchObject({
      ok: true,
      data: { state: 'deleted' },
    });
    expect(await unschedule(admin, item.id)).toMatchObject(refusal('HIGHRES_ALREADY_DELETED'));
    const answered = await rest(t, alphaKey, 'DELETE', `/items/${item.id}/highres-deletion`);
    expect(answered).toMatchObject({
      status: 409,
      body: { code: 'HIGHRES_ALREADY_DELETED', message: 'Highres has already been deleted' },
    });
    expect(await schedule(admin, item.id, { afterDays: 5 })).toMatchObject(refusal('HIGHRES_ALREADY_DELETED'));
  });

  it('waits on its timer until unscheduled, then ends without deleting; audited with what it acted on', async () => {
    const { item, originals } = await itemWithMedia('Far off');
    const at = new Date(t.clock.now.getTime() + 30 * DAY).toISOString();
    expect(await schedule(admin, item.id, { at })).toMatchObject({ ok: true, data: { state: 'scheduled', at } });
    const engine = t.services.deps.workflows!;
    const workflowId = highresDeletionWorkflowId(alpha.tenant.id, item.id);
    expect((await engine.describe(workflowId)).status).toBe('RUNNING');
    // Moved: the same run plans again.
    const later = new Date(t.clock.now.getTime() + 40 * DAY).toISOString();
    expect(await schedule(admin, item.id, { at: later })).toMatchObject({ ok: true, data: { at: later } });
    expect(await unschedule(admin, item.id)).toMatchObject({ ok: true });
    expect(await engine.result(workflowId)).toBe('cancelled');
    for (const key of originals) expect(await exists('upload', key)).toBe(true);
    expect(await unschedule(admin, item.id)).toMatchObject(refusal('NOT_FOUND', 404));
    const history = await itemHistory(admin, item.id);
    expect(
      history
        .filter((event) => event.action.startsWith('item.highres_deletion'))
        .map((event) => [event.action, event.summary]),
    ).toEqual([
      ['item.highres_deletion_unscheduled', 'High-res deletion of "Far off" unscheduled'],
      ['item.highres_deletion_scheduled', `High-res deletion of "Far off" scheduled for ${later}`],
      ['item.highres_deletion_scheduled', `High-res deletion of "Far off" scheduled for ${at}`],
    ]);
  });

  it('refuses with the spec’s messages for an item without media, without a high res, or being deleted', async () => {
    const bare = await insertItem(t, alpha, { title: 'No highres', folderId: root, ownerId: alpha.admin.id });
    expect(await schedule(admin, bare.id, { afterDays: 3 })).toMatchObject(refusal('ITEM_HAS_NO_HIGHRES'));
    const [version] = await t.services.deps.repos.items.listVersions(alpha.tenant.id, bare.id);
    await t.services.deps.repos.items.updateVersion(alpha.tenant.id, version!.id, {
      upload: { state: 'PROGRESSING', receivedBytes: 1, totalBytes: 1000, error: null },
    });
    expect(await unschedule(admin, bare.id)).toMatchObject(refusal('ITEM_HAS_NO_MEDIA'));

    const { item } = await itemWithMedia('Being deleted');
    const at = new Date(t.clock.now.getTime() + 30 * DAY).toISOString();
    expect(await schedule(admin, item.id, { at })).toMatchObject({ ok: true });
    // The run's claim, as deleteHighres makes it, without waiting 30 days.
    await t.services.deps.repos.highresDeletions.transition(alpha.tenant.id, item.id, ['scheduled'], 'deleting');
    expect(await unschedule(admin, item.id)).toMatchObject(refusal('HIGHRES_DELETION_IN_PROGRESS'));
    expect(await schedule(admin, item.id, { at })).toMatchObject(refusal('HIGHRES_DELETION_IN_PROGRESS'));
  });

  it('serves the schedule over REST and answers bad input with 400', async () => {
    const { item } = await itemWithMedia('Over REST');
    const url = `/items/${item.id}/highres-deletion`;
    expect(await rest(t, alphaKey, 'GET', url)).toMatchObject({ status: 200, body: { schedule: null } });
    const put = await rest(t, alphaKey, 'PUT', url, { afterDays: 365 });
    const at = new Date(item.createdAt.getTime() + 365 * DAY).toISOString();
    expect(put).toMatchObject({ status: 200, body: { itemId: item.id, state: 'scheduled', at } });
    expect(await rest(t, alphaKey, 'GET', url)).toMatchObject({ status: 200, body: { schedule: { at } } });
    expect(await rest(t, alphaKey, 'PUT', url, { afterDays: -2 })).toMatchObject({ status: 400 });
    expect(await rest(t, alphaKey, 'PUT', url, { at: 'next week' })).toMatchObject({ status: 400 });
    expect(await rest(t, alphaKey, 'PUT', url, { at: '2001-01-01T00:00:00Z' })).toMatchObject({
      status: 400,
      body: { code: 'EXPIRY_IN_PAST' },
    });
    expect(await rest(t, alphaKey, 'DELETE', url)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await rest(t, alphaKey, 'GET', url)).toMatchObject({ body: { schedule: { state: 'cancelled' } } });
  });

  type TBulk = { results: { itemId: string; ok: boolean; code?: string; message?: string; at?: string }[] };

  it('schedules and unschedules in bulk, each item on its own with the spec’s refusals', async () => {
    const one = await itemWithMedia('Bulk one');
    const two = await itemWithMedia('Bulk two');
    const bare = await insertItem(t, alpha, { title: 'Bulk bare', folderId: root, ownerId: alpha.admin.id });
    const itemIds = [one.item.id, bare.id, two.item.id];
    const scheduled = await admin.mutate<TBulk>('highresDeletion.scheduleMany', { itemIds, when: { afterDays: 90 } });
    expect(scheduled).toMatchObject({ ok: true });
    // afterDays counts from each item's own ingest.
    expect(scheduled.ok && scheduled.data.results).toEqual([
      { itemId: one.item.id, ok: true, at: new Date(one.item.createdAt.getTime() + 90 * DAY).toISOString() },
      { itemId: bare.id, ok: false, code: 'ITEM_HAS_NO_HIGHRES', message: expect.any(String) },
      { itemId: two.item.id, ok: true, at: new Date(two.item.createdAt.getTime() + 90 * DAY).toISOString() },
    ]);
    for (const { item } of [one, two]) {
      expect(await admin.query('highresDeletion.get', { itemId: item.id })).toMatchObject({
        data: { state: 'scheduled' },
      });
    }
    expect(await admin.query('highresDeletion.get', { itemId: bare.id })).toMatchObject({ ok: true, data: null });

    // Over REST, with the spec's messages; one already unscheduled is refused, the other unscheduled.
    expect(await unschedule(admin, one.item.id)).toMatchObject({ ok: true });
    const answered = await rest(t, alphaKey, 'POST', '/items/highres-deletion/unschedule', { itemIds });
    expect(answered).toMatchObject({ status: 200 });
    expect(answered.body.results).toEqual([
      { itemId: one.item.id, ok: false, code: 'NOT_FOUND', message: expect.any(String) },
      {
        itemId: bare.id,
        ok: false,
        code: 'ITEM_HAS_NO_HIGHRES',
        message: 'Item does not have a highres',
      },
      { itemId: two.item.id, ok: true },
    ]);
    const engine = t.services.deps.workflows!;
    expect(await engine.result(highresDeletionWorkflowId(alpha.tenant.id, two.item.id))).toBe('cancelled');
    for (const key of two.originals) expect(await exists('upload', key)).toBe(true);

    const at = new Date(t.clock.now.getTime() + 10 * DAY).toISOString();
    const put = await rest(t, alphaKey, 'PUT', '/items/highres-deletion', { itemIds: [one.item.id], at });
    expect(put).toMatchObject({ status: 200, body: { results: [{ itemId: one.item.id, ok: true, at }] } });
    // A date that has passed refuses the whole request, as it would each item.
    const past = await rest(t, alphaKey, 'PUT', '/items/highres-deletion', { itemIds, at: '2001-01-01T00:00:00Z' });
    expect(past).toMatchObject({ status: 400, body: { code: 'EXPIRY_IN_PAST' } });
    expect(await rest(t, alphaKey, 'PUT', '/items/highres-deletion', { itemIds, afterDays: -1 })).toMatchObject({
      status: 400,
    });
    expect(await rest(t, alphaKey, 'PUT', '/items/highres-deletion', { itemIds: [], afterDays: 1 })).toMatchObject({
      status: 400,
    });
  });

  it('takes at most 500 items in one bulk request', async () => {
    const { item } = await itemWithMedia('Bulk limit');
    const many = (n: number) => [item.id, ...Array.from({ length: n - 1 }, () => crypto.randomUUID())];
    const tooMany = await rest(t, alphaKey, 'PUT', '/items/highres-deletion', { itemIds: many(501), afterDays: 1 });
    expect(tooMany).toMatchObject({ status: 400 });
    expect(await admin.mutate('highresDeletion.unscheduleMany', { itemIds: many(501) })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await admin.query('highresDeletion.get', { itemId: item.id })).toMatchObject({ ok: true, data: null });
    const allowed = await rest(t, alphaKey, 'PUT', '/items/highres-deletion', { itemIds: many(500), afterDays: 1 });
    expect(allowed.status).toBe(200);
    const results = allowed.body.results as TBulk['results'];
    expect(results).toHaveLength(500);
    expect(results[0]).toMatchObject({ itemId: item.id, ok: true });
    expect(results.slice(1).every((result) => result.ok === false && result.code === 'NOT_FOUND')).toBe(true);
  }, 60_000);

  it("gives tenant B nothing of tenant A's schedules", async () => {
    const { item } = await itemWithMedia('Alpha only');
    expect(await schedule(admin, item.id, { afterDays: 400 })).toMatchObject({ ok: true });
    const url = `/items/${item.id}/highres-deletion`;
    expect(await rest(t, bravoKey, 'GET', url)).toMatchObject({ status: 404 });
    expect(await rest(t, bravoKey, 'PUT', url, { afterDays: 0 })).toMatchObject({ status: 404 });
    expect(await rest(t, bravoKey, 'DELETE', url)).toMatchObject({ status: 404 });
    expect(await bravoAdmin.query('highresDeletion.get', { itemId: item.id })).toMatchObject(refusal('NOT_FOUND', 404));
    expect(await unschedule(bravoAdmin, item.id)).toMatchObject(refusal('NOT_FOUND', 404));
    const bulk = await rest(t, bravoKey, 'POST', '/items/highres-deletion/unschedule', { itemIds: [item.id] });
    expect(bulk).toMatchObject({ status: 200, body: { results: [{ itemId: item.id, ok: false, code: 'NOT_FOUND' }] } });
    const put = await rest(t, bravoKey, 'PUT', '/items/highres-deletion', { itemIds: [item.id], afterDays: 0 });
    expect(put).toMatchObject({ status: 200, body: { results: [{ itemId: item.id, ok: false, code: 'NOT_FOUND' }] } });
    const viaTrpc = await bravoAdmin.mutate<TBulk>('highresDeletion.unscheduleMany', { itemIds: [item.id] });
    expect(viaTrpc).toMatchObject({ ok: true, data: { results: [{ itemId: item.id, ok: false, code: 'NOT_FOUND' }] } });
    expect(await admin.query('highresDeletion.get', { itemId: item.id })).toMatchObject({
      ok: true,
      data: { state: 'scheduled' },
    });
  });
});
