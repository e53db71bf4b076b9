import { testBackends } from '@mam/db/testing';
import { loadActor } from '../services/actor.service';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';

type Key = { id: string; label: string; state: string; lastUsedAt: string | null };

describe.each(testBackends)('API keys and the REST API on %s', (backend) => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof createTenant>>;
  let bravo: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    alpha = await createTenant(t, 'alpha');
    bravo = await createTenant(t, 'bravo');
  });
  afterAll(() => t.dispose());

  const me = (key: string, header = 'authorization', value = `Bearer ${key}`) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { [header]: value } });

  async function signedIn(tenant: typeof alpha) {
    const client = new TrpcClient(t.app);
    await client.login(tenant.tenant.slug, tenant.adminEmail, tenant.adminPassword);
    return client;
  }

  async function createKey(
    client: TrpcClient,
    input: { label: string; expiresAt?: string | null; maxUnusedDays?: number | null },
  ) {
    const result = await client.mutate<{ apiKey: Key; secret: string }>('apiKeys.create', {
      label: input.label,
      expiresAt: input.expiresAt ?? null,
      maxUnusedDays: input.maxUnusedDays ?? null,
    });
    if (!result.ok) throw new Error(result.code);
    return result.data;
  }

  it('shows the key once, stores only its hash, and answers /api/v1/me with it', async () => {
    const client = await signedIn(alpha);
    const { apiKey, secret } = await createKey(client, { label: 'ingest robot' });
    expect(secret).toMatch(/^mam_/);
    const listed = await client.query<Key[]>('apiKeys.list');
    expect(JSON.stringify(listed)).not.toContain(secret);
    const rows = await t.services.deps.repos.apiKeys.listForTenant(alpha.tenant.id);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const response = await me(secret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { email: alpha.adminEmail },
      tenant: { slug: 'alpha', name: 'ALPHA' },
      permissions: expect.arrayContaining(['apiKeys', 'tenantAdmin', 'upload', 'requestUpload']),
    });
    const after = await client.query<Key[]>('apiKeys.list');
    expect(after.ok && after.data.find((k) => k.id === apiKey.id)?.lastUsedAt).not.toBeNull();
  });

  it('rejects a missing, malformed or unknown key with a JSON error', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 'API_KEY_INVALID', message: expect.any(String) });
    expect((await me('mam_nope_nope')).statusCode).toBe(401);
  });

  it('stops working at once when switched off, and again when switched on', async () => {
    const client = await signedIn(alpha);
    const { apiKey, secret } = await createKey(client, { label: 'switch' });
    expect((await me(secret)).statusCode).toBe(200);
    await client.mutate('apiKeys.setActive', { id: apiKey.id, active: false });
    expect((await me(secret)).statusCode).toBe(401);
    await client.mutate('apiKeys.setActive', { id: apiKey.id, active: true });
    expect((await me(secret)).statusCode).toBe(200);
    await client.mutate('apiKeys.delete', { id: apiKey.id });
    expect((await me(secret)).statusCode).toBe(401);
  });

  it('refuses an expiry date that is not in the future', async () => {
    const client = await signedIn(alpha);
    const today = t.clock.now.toISOString().slice(0, 10);
    const result = await client.mutate('apiKeys.create', { label: 'old', expiresAt: today, maxUnusedDays: null });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      code: 'EXPIRY_IN_PAST',
      message: 'Please select a date in the future',
    });
  });

  it('expires on its date and after its maximum unused days', async () => {
    const client = await signedIn(alpha);
    const tomorrow = new Date(t.clock.now.getTime() + 86_400_000).toISOString().slice(0, 10);
    const dated = await createKey(client, { label: 'dated', expiresAt: tomorrow });
    const idle = await createKey(client, { label: 'idle', maxUnusedDays: 2 });
    expect((await me(dated.secret)).statusCode).toBe(200);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 3 * 86_400_000);
      expect((await me(dated.secret)).statusCode).toBe(401);
      expect((await me(idle.secret)).statusCode).toBe(401);
      const listed = await (await signedIn(alpha)).query<Key[]>('apiKeys.list');
      const states = listed.ok ? Object.fromEntries(listed.data.map((k) => [k.label, k.state])) : {};
      expect(states).toMatchObject({ dated: 'expired', idle: 'unused' });
    } finally {
      t.clock.now = start;
    }
  });

  it("stops a deactivated user's keys at once", async () => {
    const admin = await loadActor(t.services.deps, alpha.admin);
    const editors = await t.services.groups.create(
      admin,
      { name: 'Key holders', permissions: { apiKeys: true } },
      null,
    );
    const user = await t.services.users.create(
      admin,
      { email: 'robot@alpha.test', name: 'Robot', password: 'robot-password-1', groupIds: [editors.id] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('alpha', user.email, 'robot-password-1');
    const { secret } = await createKey(client, { label: 'robot' });
    expect((await me(secret)).statusCode).toBe(200);
    await t.services.users.setActive(admin, user.id, false, null);
    const response = await me(secret);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
  });

  it("says 'You don't have permission to execute this operation' without the apiKeys permission", async () => {
    const admin = await loadActor(t.services.deps, alpha.admin);
    await t.services.users.create(
      admin,
      { email: 'plain@alpha.test', name: 'Plain', password: 'plain-password-1', groupIds: [] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('alpha', 'plain@alpha.test', 'plain-password-1');
    expect(await client.mutate('apiKeys.create', { label: 'x', expiresAt: null, maxUnusedDays: null })).toMatchObject({
      ok: false,
      status: 403,
      code: 'FORBIDDEN',
      message: "You don't have permission to execute this operation",
    });
  });

  it("keeps tenant B away from tenant A's keys", async () => {
    const a = await signedIn(alpha);
    const { apiKey } = await createKey(a, { label: 'alpha only' });
    const b = await signedIn(bravo);
    expect(await b.mutate('apiKeys.setActive', { id: apiKey.id, active: false })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await b.mutate('apiKeys.delete', { id: apiKey.id })).toMatchObject({ ok: false, status: 404 });
    const listed = await b.query<Key[]>('apiKeys.list');
    expect(listed.ok && listed.data.map((k) => k.id)).not.toContain(apiKey.id);
    const { secret } = await createKey(b, { label: 'bravo' });
    expect((await me(secret)).json()).toMatchObject({ tenant: { slug: 'bravo' } });
  });

  it('serves an OpenAPI 3.1 document and a reference page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/me'].get.operationId).toBe('getMe');
    expect(doc.components.schemas.Me.properties.permissions).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers the health check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
