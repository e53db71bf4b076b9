import { testBackends } from '@mam/db/testing';
import { adminApiKey, insertItem, rootFolderId, twoTenantLibrary } from '../testing/library-fixtures';
import { createTenant, TrpcClient, type TestApp } from '../testing/test-app';

type TExport = { content: string; itemCount: number };

/**
 * Issue 22: a search result exports like a folder (the /export layout's CSV, behind its flag), and API clients get
 * what the console has: browse, metadata export and the default upload folder, each tenant kept to its own.
 */
describe.each(testBackends)('search export and the layouts over REST on %s', (backend) => {
  let t: TestApp;
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let bravoRoot: string;
  let keys: { alpha: string; bravo: string };
  let goalId: string;

  beforeAll(async () => {
    const library = await twoTenantLibrary(backend);
    ({ t, admin, bravoAdmin, root } = library);
    bravoRoot = await rootFolderId(t, library.bravo);
    keys = { alpha: await adminApiKey(t, library.alpha), bravo: await adminApiKey(t, library.bravo) };
    goalId = (await insertItem(t, library.alpha, { title: 'Goal of the week', folderId: root, ownerId: null })).id;
    await insertItem(t, library.alpha, { title: 'Weather', folderId: root, ownerId: null });
    await insertItem(t, library.bravo, { title: 'Bravo goal', folderId: bravoRoot, ownerId: null });
    const system = await createTenant(t, 'system', true);
    const operator = new TrpcClient(t.app);
    await operator.login('system', system.adminEmail, system.adminPassword);
    for (const id of ['browse', 'export'])
      await operator.mutate('featureFlags.upsert', { id, description: id, enabledForAll: true, tenantIds: [] });
  }, 120_000);
  afterAll(() => t.dispose());

  const rest = (key: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${key}` }, payload });

  it('exports every hit of a search, and only the searching tenant’s', async () => {
    const exported = await admin.mutate<TExport>('exports.metadata', {
      search: { q: 'goal' },
      formId: 'common',
      format: 'csv',
    });
    if (!exported.ok) throw new Error(exported.code);
    expect(exported.data.itemCount).toBe(1);
    expect(exported.data.content).toContain(`${goalId},Goal of the week`);
    expect(exported.data.content).not.toContain('Weather');
    const bravo = await bravoAdmin.mutate<TExport>('exports.metadata', {
      search: { q: 'goal' },
      formId: 'common',
      format: 'csv',
    });
    expect(bravo.ok && bravo.data.content).toContain('Bravo goal');
    expect(bravo.ok && bravo.data.content).not.toContain('Goal of the week');
  });

  it('exports a search, a folder or chosen items as CSV over REST, in the same format', async () => {
    const bySearch = await rest(keys.alpha, 'POST', '/exports/metadata.csv', { form: 'common', search: { q: 'goal' } });
    expect(bySearch.statusCode).toBe(200);
    expect(bySearch.headers['content-type']).toContain('text/csv');
    expect(bySearch.body.split('\r\n')[0]!.startsWith('id,title')).toBe(true);
    expect(bySearch.body).toContain('Goal of the week');
    const byFolder = await rest(keys.alpha, 'POST', '/exports/metadata.csv', { form: 'common', folderId: root });
    expect(byFolder.body).toContain('Weather');
    const byBoth = await rest(keys.alpha, 'POST', '/exports/metadata.csv', {
      form: 'common',
      folderId: root,
      itemIds: [goalId],
    });
    expect(byBoth.statusCode).toBe(400);
    // Tenant B's key reaches neither tenant A's folder nor its items.
    expect(
      (await rest(keys.bravo, 'POST', '/exports/metadata.csv', { form: 'common', folderId: root })).statusCode,
    ).toBe(404);
    expect(
      (await rest(keys.bravo, 'POST', '/exports/metadata.csv', { form: 'common', itemIds: [goalId] })).statusCode,
    ).toBe(404);
  });

  it('browses a folder over REST, tenant B not tenant A’s', async () => {
    const page = await rest(keys.alpha, 'GET', `/browse?folderId=${root}`);
    expect(page.statusCode).toBe(200);
    expect((page.json() as { items: Array<{ title: string }> }).items.map((i) => i.title).sort()).toEqual([
      'Goal of the week',
      'Weather',
    ]);
    expect((await rest(keys.bravo, 'GET', `/browse?folderId=${root}`)).statusCode).toBe(404);
    const own = await rest(keys.bravo, 'GET', '/browse');
    expect((own.json() as { items: Array<{ title: string }> }).items.map((i) => i.title)).toEqual(['Bravo goal']);
  });

  it("reads and chooses the default upload folder over REST, never another tenant's folder", async () => {
    const before = await rest(keys.alpha, 'GET', '/me/upload-folder');
    expect(before.json()).toMatchObject({ folder: { id: root, isRoot: true }, chosen: false, canChoose: true });
    const inbox = await admin.mutate<{ id: string }>('folders.create', { name: 'Inbox', parentId: root });
    if (!inbox.ok) throw new Error(inbox.code);
    const chosen = await rest(keys.alpha, 'PUT', '/me/upload-folder', { folderId: inbox.data.id });
    expect(chosen.json()).toMatchObject({ folder: { id: inbox.data.id, name: 'Inbox' }, chosen: true });
    expect((await rest(keys.bravo, 'PUT', '/me/upload-folder', { folderId: inbox.data.id })).statusCode).toBe(404);
    expect((await rest(keys.bravo, 'GET', '/me/upload-folder')).json()).toMatchObject({
      folder: { id: bravoRoot },
      chosen: false,
    });
    const back = await rest(keys.alpha, 'PUT', '/me/upload-folder', { folderId: null });
    expect(back.json()).toMatchObject({ folder: { id: root }, chosen: false });
  });
});
