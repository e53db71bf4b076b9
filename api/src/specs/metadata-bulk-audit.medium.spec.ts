import { testBackends } from '@mam/db/testing';
import {
  adminActor,
  adminApiKey,
  insertItem,
  itemHistory,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

type TActivity = { events: Array<{ action: string; targetId: string | null; what: unknown; changes: unknown }> };

/**
 * Issue 22: a bulk edit, a CSV import and an XMP import leave each changed item's before and after values in its
 * History, field by field, as a single edit does; the batch's own event counts the items.
 */
describe.each(testBackends)('before and after values of bulk edits and imports on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let key: string;

  beforeAll(async () => {
    ({ t, alpha, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    key = await adminApiKey(t, alpha);
  }, 60_000);
  afterAll(() => t.dispose());

  const history = (itemId: string) => itemHistory(admin, itemId);
  const rest = (method: 'POST' | 'PUT', url: string, payload: Record<string, string>) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${key}` }, payload });
  const item = (title: string) => insertItem(t, alpha, { title, folderId: root, ownerId: null });

  it('records every item of a bulk edit with its own before and after', async () => {
    const items = [await item('Bulk one'), await item('Bulk two')];
    const result = await admin.mutate('items.bulkUpdateMetadata', {
      itemIds: items.map((i) => i.id),
      formId: 'common',
      changes: [{ fieldId: 'description', op: 'set', value: 'Match report' }],
    });
    expect(result).toMatchObject({ ok: true });
    for (const { id } of items) {
      const [event] = (await history(id)).filter((e) => e.action === 'item.metadata_bulk_changed');
      expect(event).toMatchObject({
        actorEmail: alpha.adminEmail,
        changes: { description: { from: null, to: 'Match report' } },
        what: { kind: 'fields', count: 1 },
      });
    }
    const activity = await admin.query<TActivity>('systemActivity.list', { limit: 5 });
    if (!activity.ok) throw new Error(activity.code);
    expect(activity.data.events.find((e) => e.action === 'item.metadata_bulk_changed' && !e.targetId)).toMatchObject({
      what: { kind: 'items', updated: 2, total: 2 },
    });
    // The other tenant's trail knows nothing of it.
    const bravo = await bravoAdmin.query<TActivity>('systemActivity.list', { limit: 50 });
    expect(bravo.ok && bravo.data.events.some((e) => e.action === 'item.metadata_bulk_changed')).toBe(false);
    expect((await bravoAdmin.query('items.history', { itemId: items[0]!.id })).ok).toBe(false);
  });

  it('records every item a CSV import changes, and none it left as it was', async () => {
    const [changed, same] = [await item('Csv one'), await item('Csv two')];
    const csv = ['id,title,description', `${changed!.id},Csv first,Read from CSV`, `${same!.id},Csv two,`].join('\n');
    const response = await rest('POST', '/metadata/import.csv', { form: 'common', csv });
    expect(response.statusCode).toBe(200);
    const [event] = (await history(changed!.id)).filter((e) => e.action === 'item.metadata_imported');
    expect(event).toMatchObject({
      changes: { title: { from: 'Csv one', to: 'Csv first' }, description: { from: null, to: 'Read from CSV' } },
      details: { format: 'csv' },
      what: { kind: 'fields', subject: 'Csv one', count: 2 },
    });
    expect((await history(same!.id)).some((e) => e.action === 'item.metadata_imported')).toBe(false);
  });

  it('records the values an XMP sidecar changes', async () => {
    const target = await item('Sidecar');
    const xmp = await t.services.metadataExchange.exportXmp(await adminActor(t, alpha), target.id);
    const response = await rest('PUT', `/items/${target.id}/metadata.xmp`, {
      form: 'common',
      xmp: xmp.replace('Sidecar', 'Sidecar, graded'),
    });
    expect(response.json()).toMatchObject({ ok: true });
    const [event] = (await history(target.id)).filter((e) => e.action === 'item.metadata_imported');
    expect(event).toMatchObject({
      actorEmail: alpha.adminEmail,
      changes: { title: { from: 'Sidecar', to: 'Sidecar, graded' } },
      details: { format: 'xmp' },
    });
  });
});
