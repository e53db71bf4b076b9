import { testBackends } from '@mam/db/testing';
import type { TBookmarkView } from '../services/bookmark.service';
import { addMember, twoTenantLibrary, type TMember, type TTwoTenantLibrary } from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const search = { title: 'Goals this week', kind: 'search', target: { route: '/?q=goal', query: 'goal' } };

describe.each(testBackends)('bookmarks on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let editor: TMember;
  let reporter: TMember;
  let viewer: TMember;

  beforeAll(async () => {
    ({ t, alpha, admin, bravoAdmin } = await twoTenantLibrary(backend));
    editor = await addMember(t, alpha, 'editor', { bookmarks: true });
    reporter = await addMember(t, alpha, 'reporter', { bookmarks: true });
    viewer = await addMember(t, alpha, 'viewer');
  });
  afterAll(() => t.dispose());

  const list = async (client: TrpcClient) => {
    const result = await client.query<TBookmarkView[]>('bookmarks.list');
    if (!result.ok) throw new Error(result.code);
    return result.data.map((b) => b.title);
  };
  const editorsGroup = () => editor.actor.groupIds.find((id) => id !== editor.actor.orgGroupId)!;

  it("says 'Bookmark title is required' for an empty title", async () => {
    expect(await editor.client.mutate('bookmarks.create', { ...search, title: '  ' })).toMatchObject({
      ok: false,
      code: 'BOOKMARK_TITLE_REQUIRED',
      message: 'Bookmark title is required',
    });
  });

  it('keeps private bookmarks to their user and needs the bookmarks permission', async () => {
    expect(await editor.client.mutate('bookmarks.create', search)).toMatchObject({ ok: true });
    expect(await list(editor.client)).toContain('Goals this week');
    expect(await list(reporter.client)).not.toContain('Goals this week');
    expect(await list(viewer.client)).toEqual([]);
    expect(await viewer.client.mutate('bookmarks.create', search)).toMatchObject({ status: 403 });
    const mine = await editor.client.query<TBookmarkView[]>('bookmarks.list');
    const id = mine.ok ? mine.data[0]!.id : '';
    expect(await reporter.client.mutate('bookmarks.delete', { id })).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows system bookmarks to the chosen groups; only their managers change them', async () => {
    expect(
      await admin.mutate('bookmarks.create', { ...search, title: 'Desk', scope: 'system', visibleGroups: [] }),
    ).toMatchObject({ code: 'SELECTED_GROUPS_EMPTY' });
    expect(
      await editor.client.mutate('bookmarks.create', {
        ...search,
        title: 'Desk',
        scope: 'system',
        visibleGroups: [editorsGroup()],
      }),
    ).toMatchObject({ status: 403 });
    const created = await admin.mutate<TBookmarkView>('bookmarks.create', {
      ...search,
      title: 'Sports desk',
      scope: 'system',
      visibleGroups: [editorsGroup()],
    });
    expect(created).toMatchObject({ ok: true, data: { scope: 'system', editable: true } });
    expect(await list(editor.client)).toContain('Sports desk');
    expect(await list(reporter.client)).not.toContain('Sports desk');
    const id = created.ok ? created.data.id : '';
    expect(await editor.client.mutate('bookmarks.update', { id, ...search, title: 'Mine now' })).toMatchObject({
      status: 403,
    });
    expect(await editor.client.mutate('bookmarks.delete', { id })).toMatchObject({ status: 403 });
  });

  it.each([
    '/\\evil.example/x',
    '//evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'https://evil.example/',
  ])('refuses a system bookmark to %j, which would take everyone it is shown to off the site', async (route) => {
    const system = { ...search, title: 'Off-site', scope: 'system', visibleGroups: [editorsGroup()] };
    const refused = await admin.mutate('bookmarks.create', { ...system, target: { route } });
    expect(refused).toMatchObject({ ok: false, status: 400, code: 'BOOKMARK_ROUTE_INVALID' });
    expect(await list(editor.client)).not.toContain('Off-site');

    const created = await admin.mutate<TBookmarkView>('bookmarks.create', system);
    const id = created.ok ? created.data.id : '';
    expect(await admin.mutate('bookmarks.update', { id, ...system, target: { route } })).toMatchObject({
      code: 'BOOKMARK_ROUTE_INVALID',
    });
    const stored = await t.services.deps.repos.bookmarks.findById(alpha.tenant.id, id);
    expect(stored?.target.route).toBe('/?q=goal');
    await admin.mutate('bookmarks.delete', { id });
  });

  it("gives tenant B nothing of tenant A's bookmarks", async () => {
    const created = await admin.mutate<TBookmarkView>('bookmarks.create', { ...search, title: 'Alpha private' });
    const id = created.ok ? created.data.id : '';
    expect(await list(bravoAdmin)).toEqual([]);
    expect(await bravoAdmin.mutate('bookmarks.update', { id, ...search })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await bravoAdmin.mutate('bookmarks.delete', { id })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await list(admin)).toContain('Alpha private');
  });
});
