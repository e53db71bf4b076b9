import { testBackends } from '@mam/db/testing';
import { startFakeOidcProvider } from '../testing/fake-oidc-provider';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';

describe.each(testBackends)('single sign-on through OpenID Connect on %s', (backend) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startFakeOidcProvider>>;
  let admin: TrpcClient;

  beforeAll(async () => {
    t = await createTestApp(backend);
    provider = await startFakeOidcProvider('mam-client', 'mam-client-secret');
    const acme = await createTenant(t, 'acme');
    await createTenant(t, 'other');
    admin = new TrpcClient(t.app);
    await admin.login('acme', acme.adminEmail, acme.adminPassword);
  });
  afterAll(async () => {
    await provider.stop();
    await t.dispose();
  });

  /** Follows the browser's redirects: us → provider → our callback; returns the session cookie and where we land. */
  async function signInThroughProvider(slug: string) {
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/sso/${slug}/start` });
    expect(start.statusCode).toBe(302);
    const flow = start.cookies.find((c) => c.name === 'mam_sso_flow');
    if (!flow) return { location: start.headers.location as string, session: undefined };
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    const done = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `mam_sso_flow=${flow.value}` },
    });
    return {
      location: done.headers.location as string,
      session: done.cookies.find((c) => c.name === 'mam_session')?.value,
    };
  }

  async function sessionOf(token: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/trpc/auth.session',
      headers: { cookie: `mam_session=${token}` },
    });
    return response.json().result.data as { user: { email: string; external: boolean } } | null;
  }

  it('is off until configured, and keeps the client secret write-only', async () => {
    expect((await signInThroughProvider('acme')).location).toBe('/login?ssoError=SSO_NOT_CONFIGURED');
    const saved = await admin.mutate<{ clientSecretSet: boolean }>('sso.update', {
      enabled: true,
      issuerUrl: provider.issuer,
      clientId: 'mam-client',
      clientSecret: 'mam-client-secret',
      defaultGroupIds: [],
    });
    expect(saved).toMatchObject({ ok: true, data: { clientSecretSet: true } });
    expect(JSON.stringify(saved)).not.toContain('mam-client-secret');
    expect(await admin.query('auth.findOrganisation', { slug: 'acme' })).toMatchObject({ data: { ssoEnabled: true } });
  });

  it('creates an external user at first sign-in and signs the same user in again', async () => {
    const first = await signInThroughProvider('acme');
    expect(first.location).toBe('/');
    expect(await sessionOf(first.session!)).toMatchObject({ user: { email: 'sso@idp.test', external: true } });
    const second = await signInThroughProvider('acme');
    expect(await sessionOf(second.session!)).toMatchObject({ user: { email: 'sso@idp.test' } });
    const users = await admin.query<Array<{ email: string }>>('users.list', { includeHidden: true });
    expect(users.ok && users.data.filter((u) => u.email === 'sso@idp.test')).toHaveLength(1);
  });

  it('refuses external users to be deleted or logged out, and blocks them when deactivated', async () => {
    const users = await admin.query<Array<{ id: string; email: string }>>('users.list', { includeHidden: true });
    const external = users.ok ? users.data.find((u) => u.email === 'sso@idp.test')! : null;
    expect(await admin.mutate('users.delete', { id: external!.id })).toMatchObject({
      ok: false,
      code: 'EXTERNAL_USER_DELETE',
    });
    expect(await admin.mutate('users.logoutEverywhere', { id: external!.id })).toMatchObject({
      ok: false,
      code: 'EXTERNAL_USER_LOGOUT',
    });
    await admin.mutate('users.setActive', { id: external!.id, active: false });
    expect((await signInThroughProvider('acme')).location).toBe('/login?ssoError=ACCOUNT_DEACTIVATED');
  });

  it('rejects a callback without the flow cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/sso/callback?code=x&state=y' });
    expect(response.headers.location).toBe('/login?ssoError=SSO_FAILED');
  });

  it("does not use tenant A's provider for tenant B", async () => {
    expect((await signInThroughProvider('other')).location).toBe('/login?ssoError=SSO_NOT_CONFIGURED');
    const b = new TrpcClient(t.app);
    expect(await b.query('sso.get')).toMatchObject({ ok: false, status: 401 });
  });
});
