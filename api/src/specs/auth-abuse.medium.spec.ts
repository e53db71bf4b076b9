import { testBackends } from '@mam/db/testing';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';

describe.each(testBackends)('sign-in abuse on %s', (backend) => {
  let t: TestApp;
  let acme: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    acme = await createTenant(t, 'acme');
  });
  afterAll(() => t.dispose());

  describe('client address', () => {
    it('is the peer, not what X-Forwarded-For claims, unless TRUST_PROXY says so', async () => {
      const client = new TrpcClient(t.app, { 'x-forwarded-for': '203.0.113.7' });
      await client.mutate('auth.login', { organisation: 'acme', email: acme.adminEmail, password: 'wrong' });
      const [event] = await t.services.deps.repos.auditEvents.list(acme.tenant.id, { limit: 1 });
      expect(event).toMatchObject({ action: 'auth.login_failed', ip: '127.0.0.1' });
    });
  });
});
