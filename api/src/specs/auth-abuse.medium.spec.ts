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

  describe('password-reset codes', () => {
    async function member(email: string) {
      const { loadActor } = await import('../services/actor.service');
      const admin = await loadActor(t.services.deps, acme.admin);
      await t.services.users.create(admin, { email, name: email, password: 'member-password-1', groupIds: [] }, null);
    }
    const request = (client: TrpcClient, email: string) =>
      client.mutate('auth.requestPasswordReset', { organisation: 'acme', email });
    const verify = (client: TrpcClient, email: string, code: string) =>
      client.mutate('auth.verifyResetCode', { organisation: 'acme', email, code });
    async function latestCode(email: string): Promise<string> {
      await t.services.background.idle();
      const mail = t.outbox.filter((m) => m.to === email).at(-1)!;
      return /Your code is: (\d{6})/.exec(mail.text)![1]!;
    }
    const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

    it('gives no fresh tries with a new code: wrong codes are counted per account', async () => {
      await member('guessed@acme.test');
      const attacker = new TrpcClient(t.app, { remoteAddress: '198.51.100.21' });
      for (let round = 0; round < 2; round++) {
        await request(attacker, 'guessed@acme.test');
        const code = await latestCode('guessed@acme.test');
        for (let i = 0; i < 5; i++)
          expect(await verify(attacker, 'guessed@acme.test', wrongFor(code, i))).toMatchObject({
            ok: false,
            code: 'INVALID_CODE',
          });
      }
      // Ten wrong codes in the hour: even a new, right code waits, from any address.
      const owner = new TrpcClient(t.app, { remoteAddress: '192.0.2.21' });
      await request(owner, 'guessed@acme.test');
      const code = await latestCode('guessed@acme.test');
      const refused = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.verifyResetCode',
        remoteAddress: '192.0.2.21',
        ...(await csrfOf(t)),
        payload: JSON.stringify({ organisation: 'acme', email: 'guessed@acme.test', code }),
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.now = new Date(t.clock.now.getTime() + 61 * 60_000);
      await request(owner, 'guessed@acme.test');
      expect(await verify(owner, 'guessed@acme.test', await latestCode('guessed@acme.test'))).toMatchObject({
        ok: true,
      });
    });

    it('limits code requests per account, alike for known and unknown addresses, and per client', async () => {
      await member('flooded@acme.test');
      for (const email of ['flooded@acme.test', 'nobody-here@acme.test']) {
        const client = new TrpcClient(t.app, { remoteAddress: '198.51.100.22' });
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push(await request(client, email));
        expect(answers.slice(0, 5)).toEqual(Array(5).fill({ ok: true, status: 200, data: { ok: true } }));
        expect(answers[5]).toMatchObject({ ok: false, status: 429, code: 'RATE_LIMITED' });
      }
      await t.services.background.idle();
      expect(t.outbox.filter((m) => m.to === 'flooded@acme.test')).toHaveLength(5);

      const sprayer = new TrpcClient(t.app, { remoteAddress: '198.51.100.23' });
      for (let i = 0; i < 20; i++) expect(await request(sprayer, `spray-${i}@acme.test`)).toMatchObject({ ok: true });
      expect(await request(sprayer, 'spray-last@acme.test')).toMatchObject({ ok: false, status: 429 });
    });

    it('answers a known address before its code is mailed: the mail is not on the request path', async () => {
      await member('slowmail@acme.test');
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const send = t.services.deps.mailer.send;
      t.services.deps.mailer.send = async (message) => {
        await gate;
        return send(message);
      };
      try {
        const client = new TrpcClient(t.app, { remoteAddress: '198.51.100.24' });
        const answer = await Promise.race([
          request(client, 'slowmail@acme.test'),
          new Promise((resolve) => setTimeout(() => resolve('still waiting for the mail'), 3000)),
        ]);
        expect(answer).toMatchObject({ ok: true, data: { ok: true } });
      } finally {
        release();
        await t.services.background.idle();
        t.services.deps.mailer.send = send;
      }
      expect(t.outbox.filter((m) => m.to === 'slowmail@acme.test')).toHaveLength(1);
    });
  });

  describe('organisation lookup by e-mail', () => {
    const lookup = (client: TrpcClient, email: string) => client.mutate('auth.lookupOrganisations', { email });

    it('tells the asker nothing: the organisations are mailed to the address, with a sign-in link each', async () => {
      const bravo = await createTenant(t, 'bravo');
      const { loadActor } = await import('../services/actor.service');
      await t.services.users.create(
        await loadActor(t.services.deps, bravo.admin),
        { email: 'Two.Homes@acme.test', name: 'Two Homes', password: 'two-homes-password', groupIds: [] },
        null,
      );
      await t.services.users.create(
        await loadActor(t.services.deps, acme.admin),
        { email: 'two.homes@acme.test', name: 'Two Homes', password: 'two-homes-password', groupIds: [] },
        null,
      );
      const asker = new TrpcClient(t.app, { remoteAddress: '198.51.100.31' });
      const known = await lookup(asker, 'two.homes@acme.test');
      const unknown = await lookup(asker, 'no.one@acme.test');
      expect(unknown).toEqual(known);
      expect(JSON.stringify(known)).not.toContain('acme');
      await t.services.background.idle();
      expect(t.outbox.some((m) => m.to.toLowerCase() === 'no.one@acme.test')).toBe(false);
      const mail = t.outbox.filter((m) => m.to.toLowerCase() === 'two.homes@acme.test').at(-1)!;
      expect(mail.text).toContain(
        'Sign in to ACME: http://mam.test/login?organisation=acme&email=two.homes%40acme.test',
      );
      expect(mail.text).toContain(
        'Sign in to BRAVO: http://mam.test/login?organisation=bravo&email=Two.Homes%40acme.test',
      );
    });

    it('is throttled per address asked about and per client', async () => {
      const asker = new TrpcClient(t.app, { remoteAddress: '198.51.100.32' });
      for (let i = 0; i < 3; i++) expect(await lookup(asker, acme.adminEmail)).toMatchObject({ ok: true });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.lookupOrganisations',
        remoteAddress: '198.51.100.33',
        ...(await csrfOf(t)),
        payload: JSON.stringify({ email: acme.adminEmail }),
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const sprayer = new TrpcClient(t.app, { remoteAddress: '198.51.100.34' });
      for (let i = 0; i < 10; i++) expect(await lookup(sprayer, `who-${i}@acme.test`)).toMatchObject({ ok: true });
      expect(await lookup(sprayer, 'who-else@acme.test')).toMatchObject({ ok: false, status: 429 });
    });
  });
});

/** Cookie and header for a raw tRPC mutation, as the console sends them. */
async function csrfOf(t: TestApp) {
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  const csrf = health.cookies.find((c) => c.name === 'mam_csrf')!.value;
  return { headers: { cookie: `mam_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' } };
}
