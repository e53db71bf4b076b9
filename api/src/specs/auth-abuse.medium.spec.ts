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
      const client = new TrpcClient(t.app, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      await client.mutate('auth.login', { organisation: 'acme', email: acme.adminEmail, password: 'wrong' });
      const [event] = await t.services.deps.repos.auditEvents.list(acme.tenant.id, { limit: 1 });
      expect(event).toMatchObject({ action: 'auth.login_failed', ip: '127.0.0.1' });
    });
  });

  describe('password guessing', () => {
    async function member(email: string, password: string) {
      const { loadActor } = await import('../services/actor.service');
      const admin = await loadActor(t.services.deps, acme.admin);
      return t.services.users.create(admin, { email, name: email, password, groupIds: [] }, null);
    }

    it('slows down the guesser without locking the owner out from elsewhere', async () => {
      await member('target@acme.test', 'target-password-1');
      const guesser = new TrpcClient(t.app, { remoteAddress: '198.51.100.66' });
      for (let i = 0; i < 5; i++) {
        const wrong = await guesser.mutate('auth.login', {
          organisation: 'acme',
          email: 'target@acme.test',
          password: `guess-${i}`,
        });
        expect(wrong).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        remoteAddress: '198.51.100.66',
        ...(await csrfOf(t)),
        payload: JSON.stringify({ organisation: 'acme', email: 'target@acme.test', password: 'target-password-1' }),
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      const owner = new TrpcClient(t.app, { remoteAddress: '192.0.2.10' });
      expect(await owner.login('acme', 'target@acme.test', 'target-password-1')).toEqual({ status: 'ok' });
    });

    it('does not let X-Forwarded-For buy a guesser fresh tries', async () => {
      await member('spoofed@acme.test', 'spoofed-password-1');
      for (let i = 0; i < 5; i++) {
        const guesser = new TrpcClient(t.app, { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
        await guesser.mutate('auth.login', {
          organisation: 'acme',
          email: 'spoofed@acme.test',
          password: `guess-${i}`,
        });
      }
      const again = new TrpcClient(t.app, { headers: { 'x-forwarded-for': '203.0.113.99' } });
      expect(
        await again.mutate('auth.login', { organisation: 'acme', email: 'spoofed@acme.test', password: 'guess' }),
      ).toMatchObject({ ok: false, status: 429, code: 'RATE_LIMITED' });
    });

    it('slows down one address guessing across many accounts', async () => {
      const sprayer = new TrpcClient(t.app, { remoteAddress: '198.51.100.77' });
      for (let i = 0; i < 20; i++) {
        const wrong = await sprayer.mutate('auth.login', {
          organisation: 'acme',
          email: `nobody-${i}@acme.test`,
          password: 'Summer2026!',
        });
        expect(wrong).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
      }
      expect(
        await sprayer.mutate('auth.login', { organisation: 'acme', email: 'another@acme.test', password: 'x' }),
      ).toMatchObject({ ok: false, status: 429, code: 'RATE_LIMITED' });
    });
  });

  describe('CSRF', () => {
    const login = () => JSON.stringify({ organisation: 'acme', email: acme.adminEmail, password: acme.adminPassword });

    it('guards tRPC mutations however the path is spelled', async () => {
      for (const url of ['/trpc/auth.login', '/%74rpc/auth.login', '/trpc/auth%2Elogin']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: login(),
        });
        expect({ url, status: response.statusCode, code: response.json<{ code?: string }>().code }).toEqual({
          url,
          status: 403,
          code: 'CSRF_FAILED',
        });
      }
    });

    it('takes no made-up token, even when cookie and header agree', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        headers: { cookie: 'mam_csrf=attacker', 'x-csrf-token': 'attacker', 'content-type': 'application/json' },
        payload: login(),
      });
      expect(response.statusCode).toBe(403);
    });

    it("binds a signed-in browser's token to its session", async () => {
      const alice = new TrpcClient(t.app);
      await alice.login('acme', acme.adminEmail, acme.adminPassword);
      const bob = new TrpcClient(t.app);
      await bob.login('acme', acme.adminEmail, acme.adminPassword);
      const aliceCsrf = alice.cookie('mam_csrf')!;
      expect(aliceCsrf).not.toEqual(bob.cookie('mam_csrf'));
      const attempt = (csrf: string) =>
        t.app.inject({
          method: 'POST',
          url: '/trpc/profile.update',
          headers: {
            cookie: `mam_session=${alice.cookie('mam_session')!}; mam_csrf=${csrf}`,
            'x-csrf-token': csrf,
            'content-type': 'application/json',
          },
          payload: JSON.stringify({ name: 'Alice', language: null }),
        });
      // Another session's token, or a fresh pre-session one, in both cookie and header: refused.
      expect((await attempt(bob.cookie('mam_csrf')!)).statusCode).toBe(403);
      const anonymous = (await t.app.inject({ method: 'GET', url: '/api/health' })).cookies.find(
        (c) => c.name === 'mam_csrf',
      )!.value;
      expect((await attempt(anonymous)).statusCode).toBe(403);
      expect((await attempt(aliceCsrf)).statusCode).toBe(200);
    });
  });
});

/** Cookie and header for a raw tRPC mutation, as the console sends them. */
async function csrfOf(t: TestApp) {
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  const csrf = health.cookies.find((c) => c.name === 'mam_csrf')!.value;
  return { headers: { cookie: `mam_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' } };
}
