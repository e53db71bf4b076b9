import { createTestDatabase, testBackends, type TestDatabase } from '@mam/db/testing';
import { createRepositories, type Repositories } from '@mam/db';

describe.each(testBackends)('repositories on %s', (backend) => {
  let database: TestDatabase;
  let repos: Repositories;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repos = createRepositories(database.db);
    tenantA = (await repos.tenants.insert({ slug: 'alpha', name: 'Alpha', config: {} })).id;
    tenantB = (await repos.tenants.insert({ slug: 'bravo', name: 'Bravo', config: {} })).id;
  });
  afterAll(() => database.dispose());

  it('keeps users, groups and api keys inside their tenant', async () => {
    const alice = await repos.users.insert(tenantA, { email: 'Alice@Example.com', name: 'Alice' });
    const editors = await repos.groups.insert(tenantA, { name: 'Editors', permissions: { create: true } });
    await repos.users.setGroups(tenantA, alice.id, [editors.id]);
    await repos.apiKeys.insert(tenantA, {
      userId: alice.id,
      label: 'ingest',
      prefix: 'mam_abc',
      secretHash: 'hash-a',
      expiresAt: null,
      maxUnusedDays: null,
    });

    expect(await repos.users.findByEmail(tenantA, 'alice@example.com')).toMatchObject({ id: alice.id });
    expect(await repos.users.findById(tenantB, alice.id)).toBeUndefined();
    expect(await repos.users.findByEmail(tenantB, 'alice@example.com')).toBeUndefined();
    expect(await repos.users.list(tenantB, { includeHidden: true })).toEqual([]);
    expect(await repos.groups.findById(tenantB, editors.id)).toBeUndefined();
    expect(await repos.groups.list(tenantB)).toEqual([]);
    expect(await repos.apiKeys.listForTenant(tenantB)).toEqual([]);
    expect(await repos.users.update(tenantB, alice.id, { name: 'Mallory' })).toBeUndefined();
    expect(await repos.users.delete(tenantB, alice.id)).toBe(false);
    expect(await repos.groups.delete(tenantB, editors.id)).toBe(false);

    const [listed] = await repos.users.list(tenantA, { includeHidden: false });
    expect(listed).toMatchObject({ email: 'Alice@Example.com', groupIds: [editors.id] });
    expect((await repos.groups.list(tenantA))[0]).toMatchObject({ name: 'Editors', memberCount: 1 });
  });

  it('ignores group ids of another tenant when setting memberships', async () => {
    const bob = await repos.users.insert(tenantB, { email: 'bob@example.com', name: 'Bob' });
    const foreign = await repos.groups.insert(tenantA, { name: 'Foreign' });
    await repos.users.setGroups(tenantB, bob.id, [foreign.id]);
    expect(await repos.users.groupIds(tenantB, bob.id)).toEqual([]);
  });

  it('rejects a second user with the same email in one tenant, case-insensitively', async () => {
    await repos.users.insert(tenantB, { email: 'dup@example.com', name: 'One' });
    await expect(repos.users.insert(tenantB, { email: 'DUP@example.com', name: 'Two' })).rejects.toThrow();
    await expect(
      repos.users.insert(tenantA, { email: 'dup@example.com', name: 'Other tenant' }),
    ).resolves.toBeDefined();
  });

  it('finds the organisations an address belongs to, active tenants only', async () => {
    await repos.users.insert(tenantA, { email: 'both@example.com', name: 'Both' });
    await repos.users.insert(tenantB, { email: 'both@example.com', name: 'Both' });
    expect(await repos.users.organisationsForEmail('BOTH@example.com')).toEqual([
      { slug: 'alpha', name: 'Alpha' },
      { slug: 'bravo', name: 'Bravo' },
    ]);
    await repos.tenants.setActive(tenantB, false);
    expect(await repos.users.organisationsForEmail('both@example.com')).toEqual([{ slug: 'alpha', name: 'Alpha' }]);
    await repos.tenants.setActive(tenantB, true);
  });

  it('consumes a code once only', async () => {
    const user = await repos.users.insert(tenantA, { email: 'code@example.com', name: 'Code' });
    const now = new Date();
    await repos.authCodes.insert(tenantA, {
      userId: user.id,
      purpose: 'sign_in',
      codeHash: 'h1',
      expiresAt: new Date(now.getTime() + 60_000),
    });
    const [first, second] = await Promise.all([
      repos.authCodes.consumeByHash('sign_in', 'h1', now),
      repos.authCodes.consumeByHash('sign_in', 'h1', now),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    await repos.authCodes.insert(tenantA, {
      userId: user.id,
      purpose: 'sign_in',
      codeHash: 'h2',
      expiresAt: new Date(now.getTime() - 1),
    });
    expect(await repos.authCodes.consumeByHash('sign_in', 'h2', now)).toBeUndefined();
  });

  it('counts login failures and starts again after a quiet period', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    expect(await repos.loginThrottle.recordFailure('acct:x', t0, 60_000)).toBe(1);
    expect(await repos.loginThrottle.recordFailure('acct:x', new Date(t0.getTime() + 1000), 60_000)).toBe(2);
    expect(await repos.loginThrottle.recordFailure('acct:x', new Date(t0.getTime() + 120_000), 60_000)).toBe(1);
    await repos.loginThrottle.clear('acct:x');
    expect(await repos.loginThrottle.get('acct:x')).toBeUndefined();
  });

  it('lists feature flags enabled for a tenant', async () => {
    await repos.featureFlags.upsert({
      id: 'export',
      description: 'Export',
      enabledForAll: false,
      tenantIds: [tenantA],
    });
    await repos.featureFlags.upsert({ id: 'rich', description: 'Rich', enabledForAll: true, tenantIds: [] });
    expect(await repos.featureFlags.enabledFor(tenantA)).toEqual(['export', 'rich']);
    expect(await repos.featureFlags.enabledFor(tenantB)).toEqual(['rich']);
  });

  it('pages audit events newest first per tenant', async () => {
    for (const n of [1, 2, 3]) await repos.auditEvents.record(tenantA, { action: 'test', summary: `event ${n}` });
    const page1 = await repos.auditEvents.list(tenantA, { limit: 2 });
    expect(page1.map((e) => e.summary)).toEqual(['event 3', 'event 2']);
    const page2 = await repos.auditEvents.list(tenantA, { limit: 2, beforeId: page1[1]!.id });
    expect(page2.map((e) => e.summary)).toEqual(['event 1']);
    expect(await repos.auditEvents.list(tenantB, { limit: 10 })).toEqual([]);
  });

  it('keeps one root folder per tenant', async () => {
    const root = await repos.folders.ensureRoot(tenantA, 'Alpha', null);
    expect(await repos.folders.ensureRoot(tenantA, 'Alpha', null)).toMatchObject({ id: root.id });
    expect(await repos.folders.findRoot(tenantB)).toBeUndefined();
  });
});
