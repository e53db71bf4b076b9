import { testBackends } from '@mam/db/testing';
import { Secret, TOTP } from 'otpauth';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';

describe.each(testBackends)('sign-in and sessions on %s', (backend) => {
  let t: TestApp;
  let acme: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    acme = await createTenant(t, 'acme');
  });
  afterAll(() => t.dispose());

  it('finds organisations by short name and by email', async () => {
    const client = new TrpcClient(t.app);
    expect(await client.query('auth.findOrganisation', { slug: 'acme' })).toMatchObject({
      ok: true,
      data: { slug: 'acme', name: 'ACME', ssoEnabled: false },
    });
    expect(await client.query('auth.findOrganisation', { slug: 'nope' })).toMatchObject({
      ok: false,
      status: 404,
      code: 'ORGANISATION_NOT_FOUND',
    });
    // By e-mail the organisations go to the address, each with a link to its login page filled in.
    expect(await client.mutate('auth.lookupOrganisations', { email: acme.adminEmail.toUpperCase() })).toEqual({
      ok: true,
      status: 200,
      data: { mailed: true },
    });
    await t.services.background.idle();
    expect(t.outbox.filter((m) => m.to === acme.adminEmail).at(-1)?.text).toContain(
      `Sign in to ACME: http://mam.test/login?organisation=acme&email=${encodeURIComponent(acme.adminEmail)}`,
    );
  });

  it('signs in with a password, shows the session and signs out', async () => {
    const client = new TrpcClient(t.app);
    expect(await client.query('auth.session')).toMatchObject({ ok: true, data: null });
    expect(await client.login('acme', acme.adminEmail, acme.adminPassword)).toEqual({ status: 'ok' });
    const session = await client.query<{ user: { email: string }; permissions: string[]; isAdmin: boolean }>(
      'auth.session',
    );
    expect(session.ok && session.data).toMatchObject({ user: { email: acme.adminEmail }, isAdmin: true });
    expect(session.ok && session.data.permissions).toEqual(
      expect.arrayContaining(['tenantAdmin', 'tenantInfo', 'apiKeys']),
    );
    await client.mutate('auth.logout');
    expect(await client.query('auth.session')).toMatchObject({ ok: true, data: null });
  });

  it('rejects a wrong password with a stable code and never says which part was wrong', async () => {
    const client = new TrpcClient(t.app);
    const wrong = await client.mutate('auth.login', { organisation: 'acme', email: acme.adminEmail, password: 'nope' });
    const unknown = await client.mutate('auth.login', {
      organisation: 'acme',
      email: 'ghost@acme.test',
      password: 'nope',
    });
    expect(wrong).toMatchObject({
      ok: false,
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Wrong email or password.',
    });
    expect(unknown).toMatchObject({ ok: false, status: 401, code: 'INVALID_CREDENTIALS' });
  });

  it('slows down repeated failures per account', async () => {
    const victim = await t.services.users.create(
      await adminActor(t, acme),
      { email: 'victim@acme.test', name: 'Victim', password: 'victim-password-1', groupIds: [] },
      null,
    );
    const client = new TrpcClient(t.app);
    for (let i = 0; i < 5; i++) {
      await client.mutate('auth.login', { organisation: 'acme', email: victim.email, password: `guess-${i}` });
    }
    const blocked = await client.mutate('auth.login', {
      organisation: 'acme',
      email: victim.email,
      password: 'victim-password-1',
    });
    expect(blocked).toMatchObject({ ok: false, status: 429, code: 'RATE_LIMITED' });
    t.clock.now = new Date(t.clock.now.getTime() + 5_000);
    expect(await client.login('acme', victim.email, 'victim-password-1')).toEqual({ status: 'ok' });
  });

  it('refuses mutations without the CSRF header', async () => {
    const client = new TrpcClient(t.app);
    const result = await client.mutate(
      'auth.login',
      { organisation: 'acme', email: acme.adminEmail, password: acme.adminPassword },
      { csrf: false },
    );
    expect(result).toMatchObject({ ok: false, status: 403, code: 'CSRF_FAILED' });
  });

  it('blocks a deactivated account at sign-in and ends its open sessions at once', async () => {
    const admin = await adminActor(t, acme);
    const user = await t.services.users.create(
      admin,
      { email: 'leaver@acme.test', name: 'Leaver', password: 'leaver-password-1', groupIds: [] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('acme', user.email, 'leaver-password-1');
    await t.services.users.setActive(admin, user.id, false, null);
    expect(await client.query('auth.session')).toMatchObject({ ok: true, data: null });
    const again = await client.mutate('auth.login', {
      organisation: 'acme',
      email: user.email,
      password: 'leaver-password-1',
    });
    expect(again).toMatchObject({
      ok: false,
      status: 403,
      code: 'ACCOUNT_DEACTIVATED',
      message: 'Your account has been deactivated by an administrator',
    });
  });

  it('resets a password with an e-mailed code, once', async () => {
    const admin = await adminActor(t, acme);
    await t.services.users.create(
      admin,
      { email: 'forgetful@acme.test', name: 'Forgetful', password: 'old-password-123', groupIds: [] },
      null,
    );
    const client = new TrpcClient(t.app);
    const other = new TrpcClient(t.app);
    await other.login('acme', 'forgetful@acme.test', 'old-password-123');

    await client.mutate('auth.requestPasswordReset', { organisation: 'acme', email: 'forgetful@acme.test' });
    await client.mutate('auth.requestPasswordReset', { organisation: 'acme', email: 'nobody@acme.test' });
    // The code is mailed after the answer, so that its time tells nothing.
    await t.services.background.idle();
    const mail = t.outbox.filter((m) => m.to === 'forgetful@acme.test').at(-1)!;
    expect(t.outbox.some((m) => m.to === 'nobody@acme.test')).toBe(false);
    const code = /Your code is: (\d{6})/.exec(mail.text)![1]!;

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      await client.mutate('auth.verifyResetCode', {
        organisation: 'acme',
        email: 'forgetful@acme.test',
        code: wrongCode,
      }),
    ).toMatchObject({
      ok: false,
      code: 'INVALID_CODE',
    });
    const verified = await client.mutate<{ resetToken: string }>('auth.verifyResetCode', {
      organisation: 'acme',
      email: 'forgetful@acme.test',
      code,
    });
    expect(verified.ok).toBe(true);
    const resetToken = verified.ok ? verified.data.resetToken : '';
    expect(
      await client.mutate('auth.verifyResetCode', { organisation: 'acme', email: 'forgetful@acme.test', code }),
    ).toMatchObject({ ok: false, code: 'INVALID_CODE' });
    expect(await client.mutate('auth.resetPassword', { resetToken, password: 'short' })).toMatchObject({
      ok: false,
      code: 'WEAK_PASSWORD',
    });
    expect(await client.mutate('auth.resetPassword', { resetToken, password: 'new-password-456' })).toMatchObject({
      ok: true,
    });
    expect(await client.query('auth.session')).toMatchObject({
      ok: true,
      data: { user: { email: 'forgetful@acme.test' } },
    });
    expect(await client.mutate('auth.resetPassword', { resetToken, password: 'another-password-789' })).toMatchObject({
      ok: false,
      code: 'INVALID_CODE',
    });
    // The session that existed before the reset is over.
    expect(await other.query('auth.session')).toMatchObject({ ok: true, data: null });
    expect(await new TrpcClient(t.app).login('acme', 'forgetful@acme.test', 'new-password-456')).toEqual({
      status: 'ok',
    });
  });

  it('signs in with an invitation code once', async () => {
    const admin = await adminActor(t, acme);
    await t.services.users.create(
      admin,
      { email: 'invitee@acme.test', name: 'Invitee', password: null, groupIds: [] },
      null,
    );
    const mail = t.outbox.filter((m) => m.to === 'invitee@acme.test').at(-1)!;
    const code = /sign-in-code\?code=([\w-]+)/.exec(mail.text)![1]!;
    const client = new TrpcClient(t.app);
    expect(await client.mutate('auth.signInWithCode', { code })).toMatchObject({ ok: true });
    expect(await client.query('auth.session')).toMatchObject({
      ok: true,
      data: { user: { email: 'invitee@acme.test' } },
    });
    expect(await new TrpcClient(t.app).mutate('auth.signInWithCode', { code })).toMatchObject({
      ok: false,
      code: 'INVALID_CODE',
    });
  });

  it("e-mails the reset code and the invitation in the user's language, else the organisation's", async () => {
    const admin = await adminActor(t, acme);
    const user = await t.services.users.create(
      admin,
      { email: 'francoise@acme.test', name: 'Françoise', password: 'francoise-password-1', groupIds: [] },
      null,
    );
    await t.services.deps.repos.users.update(acme.tenant.id, user.id, { language: 'fr' });
    const client = new TrpcClient(t.app);
    await client.mutate('auth.requestPasswordReset', { organisation: 'acme', email: 'francoise@acme.test' });
    await t.services.background.idle();
    const reset = t.outbox.filter((m) => m.to === 'francoise@acme.test').at(-1)!;
    expect(reset.subject).toBe('Votre code de réinitialisation du mot de passe pour ACME');
    expect(reset.text).toMatch(/^Bonjour Françoise,\n/);
    expect(reset.text).toMatch(/\nVotre code : \d{6}\n/);
    expect(reset.text).toContain('Saisissez-le sur http://mam.test/public/forgot-password/verify dans les 15 minutes.');

    // A new user has no language yet: the organisation's primary language (here Nynorsk) decides.
    const config = await t.services.tenantConfig.current(acme.tenant.id);
    await t.services.tenantConfig.update(admin, { ...config, primaryTranslationLanguage: 'nn' }, null);
    try {
      await t.services.users.create(
        admin,
        { email: 'nykomar@acme.test', name: 'Nykomar', password: null, groupIds: [] },
        null,
      );
      const invitation = t.outbox.filter((m) => m.to === 'nykomar@acme.test').at(-1)!;
      expect(invitation.subject).toBe('Du er invitert til ACME');
      expect(invitation.text.split('\n').slice(0, 3)).toEqual([
        'Hei Nykomar,',
        '',
        `${acme.adminEmail} har invitert deg til ACME. Vel eit passord når du har logga inn.`,
      ]);
      expect(invitation.text).toMatch(
        /\nLogg inn her \(lenkja verkar éin gong, i 72 timar\): http:\/\/mam\.test\/sign-in-code\?code=[\w-]+$/,
      );
    } finally {
      await t.services.tenantConfig.update(admin, config, null);
    }
  });

  it('changes a password only with the current one', async () => {
    const admin = await adminActor(t, acme);
    await t.services.users.create(
      admin,
      { email: 'changer@acme.test', name: 'Changer', password: 'first-password-1', groupIds: [] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('acme', 'changer@acme.test', 'first-password-1');
    expect(
      await client.mutate('auth.changePassword', { currentPassword: 'wrong', newPassword: 'second-password-2' }),
    ).toMatchObject({ ok: false, code: 'WRONG_PASSWORD' });
    expect(
      await client.mutate('auth.changePassword', {
        currentPassword: 'first-password-1',
        newPassword: 'second-password-2',
      }),
    ).toMatchObject({ ok: true });
    expect(await new TrpcClient(t.app).login('acme', 'changer@acme.test', 'second-password-2')).toEqual({
      status: 'ok',
    });
  });

  it('enrols in TOTP, then asks for a code at sign-in and accepts a recovery code once', async () => {
    const admin = await adminActor(t, acme);
    await t.services.users.create(
      admin,
      { email: 'mfa@acme.test', name: 'Mfa', password: 'mfa-password-123', groupIds: [] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('acme', 'mfa@acme.test', 'mfa-password-123');
    const begun = await client.mutate<{ secret: string; qrCodeDataUrl: string }>('mfa.beginEnrolment');
    if (!begun.ok) throw new Error(begun.code);
    expect(begun.data.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const totp = new TOTP({ secret: Secret.fromBase32(begun.data.secret) });
    const code = () => totp.generate({ timestamp: t.clock.now.getTime() });
    expect(
      await client.mutate('mfa.confirmEnrolment', { code: code() === '000000' ? '111111' : '000000' }),
    ).toMatchObject({ ok: false, code: 'MFA_INVALID_CODE' });
    const confirmed = await client.mutate<{ recoveryCodes: string[] }>('mfa.confirmEnrolment', { code: code() });
    if (!confirmed.ok) throw new Error(confirmed.code);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);

    const fresh = new TrpcClient(t.app);
    expect(await fresh.login('acme', 'mfa@acme.test', 'mfa-password-123')).toEqual({ status: 'mfaRequired' });
    expect(await fresh.query('auth.session')).toMatchObject({ ok: true, data: null });
    // The code that confirmed the enrolment is spent: a code is good once, not for its whole window.
    expect(
      await fresh.mutate('auth.login', {
        organisation: 'acme',
        email: 'mfa@acme.test',
        password: 'mfa-password-123',
        mfaCode: code(),
      }),
    ).toMatchObject({ ok: false, code: 'MFA_INVALID_CODE' });
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    expect(await fresh.login('acme', 'mfa@acme.test', 'mfa-password-123', code())).toEqual({ status: 'ok' });

    const recovery = confirmed.data.recoveryCodes[0]!;
    expect(await new TrpcClient(t.app).login('acme', 'mfa@acme.test', 'mfa-password-123', recovery)).toEqual({
      status: 'ok',
    });
    expect(
      await new TrpcClient(t.app).mutate('auth.login', {
        organisation: 'acme',
        email: 'mfa@acme.test',
        password: 'mfa-password-123',
        mfaCode: recovery,
      }),
    ).toMatchObject({ ok: false, code: 'MFA_INVALID_CODE' });
  });

  it('makes users enrol first when the tenant enforces MFA', async () => {
    const admin = await adminActor(t, acme);
    await t.services.users.create(
      admin,
      { email: 'enforced@acme.test', name: 'Enforced', password: 'enforced-password', groupIds: [] },
      null,
    );
    const config = await t.services.tenantConfig.current(acme.tenant.id);
    await t.services.tenantConfig.update(admin, { ...config, toggles: { ...config.toggles, enforceMfa: true } }, null);
    try {
      const client = new TrpcClient(t.app);
      await client.login('acme', 'enforced@acme.test', 'enforced-password');
      expect(await client.query('auth.session')).toMatchObject({ ok: true, data: { mfaEnrolmentRequired: true } });
      expect(await client.query('apiKeys.list')).toMatchObject({ ok: false, code: 'MFA_ENROLMENT_REQUIRED' });
      expect(await client.mutate('mfa.beginEnrolment')).toMatchObject({ ok: true });
    } finally {
      await t.services.tenantConfig.update(admin, config, null);
    }
  });
});

async function adminActor(t: TestApp, tenant: Awaited<ReturnType<typeof createTenant>>) {
  const { loadActor } = await import('../services/actor.service');
  return loadActor(t.services.deps, tenant.admin);
}
