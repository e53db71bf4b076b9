import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { TShareView } from '../services/shares/share.service';
import { insertItem, rootFolderId, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import { createTenant, TrpcClient, type TestApp } from '../testing/test-app';

type TFormView = { id: string; form: { id: string; label: string; builtIn: string | null } };
type TExport = { fileName: string; mimeType: string; content: string; itemCount: number };

describe.each(testBackends)('feature flags gate /browse and /export on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let operator: TrpcClient;
  let root: string;
  let bravoRoot: string;
  let goal: TItemRow;
  let bravoItem: TItemRow;
  let commonForm: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    const system = await createTenant(t, 'system', true);
    operator = new TrpcClient(t.app);
    await operator.login('system', system.adminEmail, system.adminPassword);
    bravoRoot = await rootFolderId(t, bravo);
    goal = await insertItem(t, alpha, { title: 'Goal of the week', folderId: root, ownerId: alpha.admin.id });
    await insertItem(t, alpha, { title: 'Weather', folderId: root, ownerId: alpha.admin.id });
    bravoItem = await insertItem(t, bravo, { title: 'Bravo secret', folderId: bravoRoot, ownerId: bravo.admin.id });
    const forms = await admin.query<TFormView[]>('metadataForms.list');
    if (!forms.ok) throw new Error(forms.code);
    commonForm = forms.data.find((f) => f.form.builtIn === 'common')!.id;
  }, 120_000);
  afterAll(() => t.dispose());

  async function grant(flag: 'browse' | 'export', tenantIds: string[], enabledForAll = false) {
    const result = await operator.mutate('featureFlags.upsert', {
      id: flag,
      description: `The ${flag} layout`,
      enabledForAll,
      tenantIds,
    });
    expect(result).toMatchObject({ ok: true });
  }

  it('refuses browsing and exporting with FEATURE_DISABLED while the flags are off', async () => {
    await grant('browse', []);
    await grant('export', []);
    expect(await admin.query('browse.folder', { folderId: root })).toMatchObject({
      ok: false,
      status: 403,
      code: 'FEATURE_DISABLED',
      message: 'This feature is not enabled for your organisation.',
    });
    expect(
      await admin.mutate('exports.metadata', { itemIds: [goal.id], formId: commonForm, format: 'csv' }),
    ).toMatchObject({ ok: false, code: 'FEATURE_DISABLED' });
    expect(await admin.query('auth.session')).toMatchObject({ ok: true, data: { featureFlags: [] } });
  });

  it("opens browsing to the tenants it is granted to, and to nobody else's folders", async () => {
    await grant('browse', [alpha.tenant.id]);
    const page = await admin.query<{ items: Array<{ title: string }> }>('browse.folder', { folderId: root });
    expect(page.ok && page.data.items.map((i) => i.title).sort()).toEqual(['Goal of the week', 'Weather']);
    expect(await bravoAdmin.query('browse.folder', { folderId: bravoRoot })).toMatchObject({
      code: 'FEATURE_DISABLED',
    });
    await grant('browse', [], true);
    // Tenant B, with the flag on, still cannot read tenant A's folder.
    expect(await bravoAdmin.query('browse.folder', { folderId: root })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const own = await bravoAdmin.query<{ items: Array<{ title: string }> }>('browse.folder', {});
    expect(own.ok && own.data.items.map((i) => i.title)).toEqual(['Bravo secret']);
  });

  it('exports the chosen items or a whole folder as CSV and JSON, named within the tenant limit', async () => {
    await grant('export', [alpha.tenant.id, bravo.tenant.id]);
    const csv = await admin.mutate<TExport>('exports.metadata', {
      itemIds: [goal.id],
      formId: commonForm,
      format: 'csv',
    });
    if (!csv.ok) throw new Error(csv.code);
    expect(csv.data).toMatchObject({ mimeType: 'text/csv', itemCount: 1 });
    expect(csv.data.fileName).toMatch(/^Common-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.data.content.split('\r\n')[0]!.startsWith('id,title')).toBe(true);
    expect(csv.data.content).toContain(`${goal.id},Goal of the week`);

    const json = await admin.mutate<TExport>('exports.metadata', {
      folderId: root,
      formId: commonForm,
      format: 'json',
    });
    if (!json.ok) throw new Error(json.code);
    const parsed = JSON.parse(json.data.content) as { items: Array<{ id: string; values: { title: string } }> };
    expect(parsed.items.map((i) => i.values.title).sort()).toEqual(['Goal of the week', 'Weather']);
    expect(json.data.fileName.endsWith('.json')).toBe(true);
  });

  it("keeps tenants apart: tenant B cannot export tenant A's items or folder", async () => {
    expect(
      await bravoAdmin.mutate('exports.metadata', { itemIds: [goal.id], formId: commonForm, format: 'json' }),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(
      await bravoAdmin.mutate('exports.metadata', { folderId: root, formId: commonForm, format: 'csv' }),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const forms = await bravoAdmin.query<TFormView[]>('metadataForms.list');
    const bravoCommon = forms.ok ? forms.data.find((f) => f.form.builtIn === 'common')!.id : '';
    const own = await bravoAdmin.mutate<TExport>('exports.metadata', {
      itemIds: [bravoItem.id],
      formId: bravoCommon,
      format: 'csv',
    });
    expect(own.ok && own.data.content).toContain('Bravo secret');
  });

  it('turns the feature off again for the tenant when the flag is withdrawn', async () => {
    await grant('export', [bravo.tenant.id]);
    expect(
      await admin.mutate('exports.metadata', { itemIds: [goal.id], formId: commonForm, format: 'csv' }),
    ).toMatchObject({ code: 'FEATURE_DISABLED' });
    expect(await admin.query('auth.session')).toMatchObject({ data: { featureFlags: ['browse'] } });
  });
});

describe.each(testBackends)('share links without PUBLIC_URL on %s', (backend) => {
  let lib: TTwoTenantLibrary;
  let clip: TItemRow;

  beforeAll(async () => {
    lib = await twoTenantLibrary(backend);
    clip = await insertItem(lib.t, lib.alpha, { title: 'Clip', folderId: lib.root, ownerId: lib.alpha.admin.id });
  }, 120_000);
  afterAll(() => lib.t.dispose());

  async function linkVia(headers: Record<string, string>): Promise<string> {
    const client = new TrpcClient(lib.t.app, { headers });
    await client.login('alpha', lib.alpha.adminEmail, lib.alpha.adminPassword);
    const share = await client.mutate<TShareView>('shares.create', { pageTitle: 'Clip', itemIds: [clip.id] });
    if (!share.ok) throw new Error(share.code);
    const listed = await client.query<TShareView[]>('shares.listMine');
    expect(listed.ok && listed.data.find((s) => s.id === share.data.id)?.link).toBe(share.data.link);
    return share.data.link;
  }

  it('points at the address the console is on when that is where the request went', async () => {
    const link = await linkVia({ host: 'mam.lan:8080', 'x-mam-origin': 'http://mam.lan:8080' });
    expect(link).toMatch(/^http:\/\/mam\.lan:8080\/s\/[A-Za-z0-9_-]+$/);
  });

  it('ignores an origin the request was not sent to, and falls back to the configured address', async () => {
    expect(await linkVia({ host: 'mam.lan:8080', 'x-mam-origin': 'https://evil.example' })).toMatch(
      /^http:\/\/mam\.test\/s\//,
    );
    expect(await linkVia({ host: 'mam.lan:8080' })).toMatch(/^http:\/\/mam\.test\/s\//);
  });

  it('puts the same checked address in the invitation e-mail', async () => {
    const client = new TrpcClient(lib.t.app, {
      headers: { host: 'mam.lan:8080', 'x-mam-origin': 'http://mam.lan:8080' },
    });
    await client.login('alpha', lib.alpha.adminEmail, lib.alpha.adminPassword);
    const share = await client.mutate<TShareView>('shares.create', { pageTitle: 'Clip', itemIds: [clip.id] });
    if (!share.ok) throw new Error(share.code);
    lib.t.outbox.length = 0;
    expect(await client.mutate('shares.invite', { id: share.data.id, recipients: 'editor@client.test' })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(lib.t.outbox.at(-1)?.text).toContain(share.data.link);
    expect(share.data.link.startsWith('http://mam.lan:8080/s/')).toBe(true);
  });
});
