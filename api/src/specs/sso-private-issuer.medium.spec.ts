import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testBackends } from '@mam/db/testing';
import { startFakeOidcProvider } from '../testing/fake-oidc-provider';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';

/** A server that answers every request with a redirect to `target`, counting what it answered. */
async function startRedirector(target: () => string) {
  const state = { requests: 0 };
  const server: Server = createServer((req, res) => {
    state.requests += 1;
    res.writeHead(302, { location: `${target()}${req.url ?? '/'}` });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The tenant names its identity provider and the server fetches it: an issuer on loopback or another private
 * network (by address or by a name that resolves there) is refused unless the operator allowed that address.
 */
describe.each(testBackends)('single sign-on issuers on a private network, on %s', (backend) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startFakeOidcProvider>>;
  let redirector: Awaited<ReturnType<typeof startRedirector>>;
  let admin: TrpcClient;
  let tenantId: string;

  beforeAll(async () => {
    provider = await startFakeOidcProvider('mam-client', 'mam-client-secret');
    redirector = await startRedirector(() => provider.issuer);
    // Only the redirector is allowed, not the provider it sends requests on to.
    t = await createTestApp(backend, { storagePrivateEndpoints: new URL(redirector.url).host });
    const acme = await createTenant(t, 'acme');
    tenantId = acme.tenant.id;
    admin = new TrpcClient(t.app);
    await admin.login('acme', acme.adminEmail, acme.adminPassword);
  });
  afterAll(async () => {
    await provider.stop();
    await redirector.stop();
    await t.dispose();
  });

  const settings = (issuerUrl: string) => ({
    enabled: true,
    issuerUrl,
    clientId: 'mam-client',
    clientSecret: 'mam-client-secret',
    defaultGroupIds: [],
  });
  const loopbackByName = () => provider.issuer.replace('127.0.0.1', 'localhost');

  /** As if saved before the rule, or through a name whose DNS answer changed since. */
  async function storeIssuer(issuerUrl: string) {
    await t.services.deps.repos.ssoProviders.upsert(tenantId, {
      enabled: true,
      issuerUrl,
      clientId: 'mam-client',
      clientSecretEncrypted: null,
      defaultGroupIds: [],
    });
  }

  const start = () => t.app.inject({ method: 'GET', url: '/api/auth/sso/acme/start' });

  it('refuses to save a loopback issuer, by address or by a name that resolves there', async () => {
    for (const issuerUrl of [provider.issuer, loopbackByName(), 'http://[::1]:9/', 'https://169.254.169.254/']) {
      expect(await admin.mutate('sso.update', settings(issuerUrl))).toMatchObject({
        ok: false,
        code: 'SSO_ISSUER_PRIVATE',
      });
    }
    expect(provider.state.requests).toBe(0);
  });

  it('never fetches a private issuer at sign-in, nor follows a redirect there', async () => {
    for (const issuerUrl of [provider.issuer, loopbackByName(), redirector.url]) {
      await storeIssuer(issuerUrl);
      const response = await start();
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login?ssoError=SSO_FAILED');
    }
    expect(provider.state.requests).toBe(0);
    // The allowed redirector was asked, and its answer not followed.
    expect(redirector.state.requests).toBeGreaterThan(0);
  });
});
