import { testBackends } from '@mam/db/testing';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';

type User = { id: string; email: string; active: boolean; hidden: boolean; groupIds: string[]; external: boolean };
type Group = { id: string; name: string; kind: string; permissions: Record<string, boolean>; memberCount: number };

describe.each(testBackends)('administration on %s', (backend) => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof createTenant>>;
  let bravo: Awaited<ReturnType<typeof createTenant>>;
  let a: TrpcClient;
  let b: TrpcClient;

  beforeAll(async () => {
    t = await createTestApp(backend);
    alpha = await createTenant(t, 'alpha', true);
    bravo = await createTenant(t, 'bravo');
    a = new TrpcClient(t.app);
    await a.login('alpha', alpha.adminEmail, alpha.adminPassword);
    b = new TrpcClient(t.app);
    await b.login('bravo', bravo.adminEmail, bravo.adminPassword);
  });
  afterAll(() => t.dispose());

  async function ok<T>(promise: Promise<{ ok: boolean; data?: T; code?: string }>): Promise<T> {
    const result = await promise;
    if (!result.ok) throw new Error(`expected success, got ${result.code}`);
    return result.data as T;
  }

  it('creates a group with permissions and a user in it; the user gets those permissions and the implied ones', async () => {
    const group = await ok<Group>(a.mutate('groups.create', { name: 'Loggers', permissions: { create: true } }));
    const user = await ok<User>(
      a.mutate('users.create', {
        email: 'logger@alpha.test',
        name: 'Logger',
        password: 'logger-password',
        groupIds: [group.id],
      }),
    );
    expect(user.groupIds).toContain(group.id);
    const client = new TrpcClient(t.app);
    await client.login('alpha', 'logger@alpha.test', 'logger-password');
    const session = await ok<{ permissions: string[]; isAdmin: boolean }>(client.query('auth.session'));
    expect(session.isAdmin).toBe(false);
    expect(session.permissions).toEqual(
      expect.arrayContaining(['create', 'upload', 'requestUpload', 'cutter', 'update']),
    );
    expect(session.permissions).not.toContain('delete');
    // An ordinary user may not manage the team.
    expect(await client.query('users.list', { includeHidden: false })).toMatchObject({ ok: false, status: 403 });
  });

  it('rejects unknown permissions and duplicate group names', async () => {
    expect(await a.mutate('groups.create', { name: 'Bad', permissions: { flyToTheMoon: true } })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(await a.mutate('groups.create', { name: 'loggers' })).toMatchObject({ ok: false, code: 'CONFLICT' });
  });

  it('keeps the organisation and administrators groups', async () => {
    const groups = await ok<Group[]>(a.query('groups.list'));
    for (const kind of ['organisation', 'administrators']) {
      const group = groups.find((g) => g.kind === kind)!;
      expect(await a.mutate('groups.delete', { id: group.id })).toMatchObject({ ok: false, code: 'GROUP_IN_USE' });
    }
  });

  it('deactivates, hides, logs out and deletes users, and refuses it for external users', async () => {
    const user = await ok<User>(
      a.mutate('users.create', { email: 'temp@alpha.test', name: 'Temp', password: 'temp-password-1', groupIds: [] }),
    );
    const client = new TrpcClient(t.app);
    await client.login('alpha', 'temp@alpha.test', 'temp-password-1');
    await ok(a.mutate('users.logoutEverywhere', { id: user.id }));
    expect(await client.query('auth.session')).toMatchObject({ ok: true, data: null });
    await ok(a.mutate('users.setHidden', { id: user.id, hidden: true }));
    expect((await ok<User[]>(a.query('users.list', { includeHidden: false }))).map((u) => u.id)).not.toContain(user.id);
    expect((await ok<User[]>(a.query('users.list', { includeHidden: true }))).map((u) => u.id)).toContain(user.id);
    await ok(a.mutate('users.delete', { id: user.id }));
    expect((await ok<User[]>(a.query('users.list', { includeHidden: true }))).map((u) => u.id)).not.toContain(user.id);

    const external = await t.services.deps.repos.users.insert(alpha.tenant.id, {
      email: 'sso@alpha.test',
      name: 'Sso',
      external: true,
      externalSubject: 'sub-1',
    });
    expect(await a.mutate('users.delete', { id: external.id })).toMatchObject({
      ok: false,
      message: 'External users cannot be deleted',
    });
    expect(await a.mutate('users.logoutEverywhere', { id: external.id })).toMatchObject({
      ok: false,
      message: 'External users cannot be logged out',
    });
  });

  it('does not let an administrator deactivate or delete themselves', async () => {
    expect(await a.mutate('users.setActive', { id: alpha.admin.id, active: false })).toMatchObject({
      ok: false,
      code: 'CANNOT_CHANGE_SELF',
    });
    expect(await a.mutate('users.delete', { id: alpha.admin.id })).toMatchObject({
      ok: false,
      code: 'CANNOT_CHANGE_SELF',
    });
  });

  it('records sign-ins and administrative changes in system activity, paged', async () => {
    const first = await ok<{ events: Array<{ action: string }>; nextCursor: string | null }>(
      a.query('systemActivity.list', { limit: 3 }),
    );
    expect(first.events).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await ok<{ events: Array<{ action: string }> }>(
      a.query('systemActivity.list', { limit: 200, cursor: first.nextCursor }),
    );
    const actions = [...first.events, ...second.events].map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.login', 'group.created', 'user.created', 'user.deleted', 'tenant.created']),
    );
  });

  it('validates the tenant configuration and changes nothing on a bad value', async () => {
    const config = await ok<Record<string, unknown>>(a.query('tenantConfig.get'));
    const bad = await a.mutate('tenantConfig.update', { config: { ...config, timezone: 'Mars/Olympus' } });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      code: 'INVALID_CONFIGURATION',
      message: 'Invalid configuration',
    });
    expect(await ok(a.query('tenantConfig.get'))).toEqual(config);
    const saved = await ok<{ timezone: string }>(
      a.mutate('tenantConfig.update', { config: { ...config, timezone: 'Europe/Oslo' } }),
    );
    expect(saved.timezone).toBe('Europe/Oslo');
  });

  it('lets only the super administrator see tenants and feature flags', async () => {
    const tenants = await ok<Array<{ slug: string; userCount: number }>>(a.query('tenants.list'));
    expect(tenants.map((x) => x.slug)).toEqual(['alpha', 'bravo']);
    expect(await b.query('tenants.list')).toMatchObject({ ok: false, status: 403 });
    expect(await b.query('featureFlags.list')).toMatchObject({ ok: false, status: 403 });
    await ok(
      a.mutate('featureFlags.upsert', {
        id: 'export',
        description: 'Export layout',
        enabledForAll: false,
        tenantIds: [bravo.tenant.id],
      }),
    );
    expect(await ok(b.query('auth.session'))).toMatchObject({ featureFlags: ['export'] });
    expect(await ok(a.query('auth.session'))).toMatchObject({ featureFlags: [] });
  });

  it('creates and deactivates tenants; a deactivated tenant cannot sign in', async () => {
    const created = await ok<{ id: string }>(
      a.mutate('tenants.create', {
        slug: 'charlie',
        name: 'Charlie',
        adminEmail: 'admin@charlie.test',
        adminPassword: 'charlie-password',
      }),
    );
    expect(
      await a.mutate('tenants.create', {
        slug: 'charlie',
        name: 'Again',
        adminEmail: 'x@charlie.test',
        adminPassword: 'charlie-password',
      }),
    ).toMatchObject({ ok: false, code: 'TENANT_SLUG_TAKEN' });
    await ok(a.mutate('tenants.setActive', { id: created.id, active: false }));
    expect(
      await new TrpcClient(t.app).mutate('auth.login', {
        organisation: 'charlie',
        email: 'admin@charlie.test',
        password: 'charlie-password',
      }),
    ).toMatchObject({ ok: false, code: 'TENANT_DEACTIVATED' });
  });

  it("gives tenant B nothing of tenant A's users, groups or activity", async () => {
    const aUsers = await ok<User[]>(a.query('users.list', { includeHidden: true }));
    const aGroups = await ok<Group[]>(a.query('groups.list'));
    const bUsers = await ok<User[]>(b.query('users.list', { includeHidden: true }));
    const bGroups = await ok<Group[]>(b.query('groups.list'));
    expect(bUsers.map((u) => u.email)).toEqual([bravo.adminEmail]);
    expect(bGroups.map((g) => g.id)).not.toEqual(expect.arrayContaining([aGroups[0]!.id]));
    const target = aUsers.find((u) => u.email === 'logger@alpha.test')!;
    const group = aGroups.find((g) => g.kind === 'custom')!;
    for (const [path, input] of [
      ['users.setActive', { id: target.id, active: false }],
      ['users.setHidden', { id: target.id, hidden: true }],
      ['users.update', { id: target.id, name: 'Mallory' }],
      ['users.logoutEverywhere', { id: target.id }],
      ['users.delete', { id: target.id }],
      ['groups.rename', { id: group.id, name: 'Owned' }],
      ['groups.setPermissions', { id: group.id, permissions: { delete: true } }],
      ['groups.delete', { id: group.id }],
    ] as const) {
      expect([path, await b.mutate(path, input)]).toMatchObject([path, { ok: false, status: 404 }]);
    }
    const activity = await ok<{ events: Array<{ summary: string }> }>(b.query('systemActivity.list', { limit: 200 }));
    expect(JSON.stringify(activity)).not.toContain('alpha.test');
    // B's user list with A's group id in it does not join A's group.
    const bUser = await ok<User>(
      b.mutate('users.create', {
        email: 'spy@bravo.test',
        name: 'Spy',
        password: 'spy-password-1',
        groupIds: [group.id],
      }),
    );
    expect(bUser.groupIds).not.toContain(group.id);
  });
});
