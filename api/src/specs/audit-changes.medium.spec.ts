import { AUDIT_REDACTED, AUDIT_VALUE_MAX_CHARS } from '@mam/core';
import { testBackends } from '@mam/db/testing';
import {
  adminActor,
  insertItem,
  itemHistory,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const rightsForm = {
  id: 'rights',
  label: 'Rights',
  active: true,
  views: { item: [], search: [] },
  fields: [
    { id: 'f1', fieldId: 'rightsHolder', label: 'Rights holder', type: 'Text' },
    { id: 'f2', fieldId: 'territories', label: 'Territories', type: 'MultipleChoice', freeEntry: true },
    { id: 'f3', fieldId: 'ftpPassword', label: 'Delivery FTP password', type: 'Text' },
  ],
};

/**
 * Issue 22: audit events and the item's History say what changed, before and after, and who did it; values are
 * bounded and secrets never kept.
 */
describe.each(testBackends)('before and after values in the audit trail on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;

  beforeAll(async () => {
    ({ t, alpha, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    await t.services.metadataForms.create(await adminActor(t, alpha), rightsForm, null);
  }, 60_000);
  afterAll(() => t.dispose());

  const history = (itemId: string) => itemHistory(admin, itemId);

  it('records the title and description before and after, the long one cut', async () => {
    const item = await insertItem(t, alpha, { title: 'Rough cut', folderId: root, ownerId: null });
    await admin.mutate('items.update', { itemId: item.id, title: 'Final cut', description: 'x'.repeat(3000) });
    const [event] = await history(item.id);
    expect(event).toMatchObject({
      action: 'item.updated',
      actorEmail: alpha.adminEmail,
      changes: { title: { from: 'Rough cut', to: 'Final cut' }, description: { from: null } },
    });
    expect(event!.what).toEqual({ kind: 'fields', subject: null, count: 2 });
    const after = event!.changes.description!.to!;
    expect(after).toHaveLength(AUDIT_VALUE_MAX_CHARS);
  });

  it('records metadata fields before and after by their labels, secrets only as changed', async () => {
    const item = await insertItem(t, alpha, { title: 'Derby', folderId: root, ownerId: null });
    const update = (values: Record<string, unknown>) =>
      admin.mutate('items.updateMetadata', { itemId: item.id, formId: 'rights', values });
    expect(await update({ rightsHolder: 'NRK', territories: ['NO'], ftpPassword: 'hunter2' })).toMatchObject({
      ok: true,
    });
    expect(await update({ rightsHolder: 'TV 2', territories: ['NO', 'SE'], ftpPassword: 'swordfish' })).toMatchObject({
      ok: true,
    });
    const [latest, first] = (await history(item.id)).filter((e) => e.action === 'item.metadata_changed');
    expect(latest).toMatchObject({
      actorEmail: alpha.adminEmail,
      changes: {
        rightsHolder: { from: 'NRK', to: 'TV 2' },
        territories: { from: 'NO', to: 'NO, SE' },
        ftpPassword: { from: AUDIT_REDACTED, to: AUDIT_REDACTED },
      },
      labels: { rightsHolder: 'Rights holder', territories: 'Territories', ftpPassword: 'Delivery FTP password' },
    });
    expect(first!.changes.rightsHolder).toEqual({ from: null, to: 'NRK' });
    const stored = JSON.stringify(await history(item.id));
    expect(stored).not.toContain('hunter2');
    expect(stored).not.toContain('swordfish');
  });

  it('records folder access before and after, groups by name', async () => {
    const actor = await adminActor(t, alpha);
    const editors = await t.services.groups.create(actor, { name: 'Editors', permissions: {} }, null);
    const folder = await t.services.folders.create(actor, { name: 'Embargoed', parentId: root }, null);
    const visibleTo = { level: 'selected_groups', groups: [editors.id] };
    expect(await admin.mutate('folders.setAccess', { id: folder.id, visibleTo })).toMatchObject({ ok: true });
    const activity = await admin.query<{ events: Array<{ action: string; changes: Record<string, unknown> }> }>(
      'systemActivity.list',
      { limit: 5 },
    );
    if (!activity.ok) throw new Error(activity.code);
    expect(activity.data.events.find((e) => e.action === 'folder.accessChanged')).toMatchObject({
      changes: { visibleTo: { from: 'tenant', to: 'selected_groups: Editors' } },
      what: { kind: 'fields', subject: 'Embargoed', count: 1 },
    });
    const bravo = await bravoAdmin.query<{ events: Array<{ action: string }> }>('systemActivity.list', { limit: 50 });
    expect(bravo.ok && bravo.data.events.some((e) => e.action === 'folder.accessChanged')).toBe(false);
  });

  it('names what an event acted on as it was then, and a rename as before and after', async () => {
    const actor = await adminActor(t, alpha);
    const folder = await t.services.folders.create(actor, { name: 'Rushes', parentId: root }, null);
    expect(await admin.mutate('folders.rename', { id: folder.id, name: 'Selects' })).toMatchObject({ ok: true });
    const activity = await admin.query<{ events: Array<{ action: string; what: unknown; changes: unknown }> }>(
      'systemActivity.list',
      { limit: 5 },
    );
    if (!activity.ok) throw new Error(activity.code);
    const [renamed, created] = activity.data.events;
    expect(renamed).toMatchObject({
      action: 'folder.renamed',
      what: { kind: 'fields', subject: 'Rushes', count: 1 },
      changes: { name: { from: 'Rushes', to: 'Selects' } },
    });
    expect(created).toMatchObject({ action: 'folder.created', what: { kind: 'subject', subject: 'Rushes' } });
  });
});
