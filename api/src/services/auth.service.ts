import type { AuthedActor } from './actor.service';
import { AppError, assertPasswordStrength, mailForOrganisationList, mailLocale } from '@mam/core';
import type { TTenantRow, TUserRow } from '@mam/db';
import { hashPassword, verifyPassword } from '../security/password-hasher';
import type { AuditEntry, AuditService } from './audit.service';
import type { BackgroundTasks } from './background-tasks';
import { createLoginThrottle, HOUR_MS, loginThrottleKeys, quota, type TThrottleKey } from './login-throttle.service';
import type { MfaService } from './mfa.service';
import type { RequestMeta, ServiceDeps } from './service-deps';
import type { SessionService } from './session.service';

export type TLoginResult = { status: 'ok'; token: string } | { status: 'mfaRequired' };

/** Lookups by e-mail, per address asked about and per client address, each over an hour. */
function lookupKeys(email: string, ip: string | null): TThrottleKey[] {
  return [
    quota(`organisation-lookup:${email.trim().toLowerCase()}`, 3, HOUR_MS),
    ...(ip ? [quota(`organisation-lookup-address:${ip}`, 10, HOUR_MS)] : []),
  ];
}

export function createAuthService(
  deps: ServiceDeps,
  sessions: SessionService,
  mfa: MfaService,
  audit: AuditService,
  background: BackgroundTasks,
) {
  const throttle = createLoginThrottle(deps);

  /** The organisations go to the address itself, so asking about someone else's address tells the asker nothing. */
  async function mailOrganisations(email: string): Promise<void> {
    const organisations = await deps.repos.users.organisationsForEmail(email);
    const accounts = [];
    for (const organisation of organisations) {
      const tenant = await deps.repos.tenants.findBySlug(organisation.slug);
      const user = tenant && (await deps.repos.users.findByEmail(tenant.id, email));
      if (tenant && user?.active) accounts.push({ tenant, user });
    }
    const first = accounts[0];
    if (!first) return;
    const link = (slug: string, address: string) =>
      `${deps.config.publicUrl}/login?${new URLSearchParams({ organisation: slug, email: address }).toString()}`;
    await deps.mailer.send({
      to: first.user.email,
      ...mailForOrganisationList(mailLocale({ userLanguage: first.user.language, tenantConfig: first.tenant.config }), {
        name: first.user.name,
        organisations: accounts.map(({ tenant, user }) => ({ name: tenant.name, link: link(tenant.slug, user.email) })),
      }),
    });
  }

  async function activeTenant(slug: string): Promise<TTenantRow> {
    const tenant = await deps.repos.tenants.findBySlug(slug.trim());
    if (!tenant) throw new AppError('ORGANISATION_NOT_FOUND');
    if (!tenant.active) throw new AppError('TENANT_DEACTIVATED');
    return tenant;
  }

  return {
    async findOrganisation(slug: string) {
      const tenant = await activeTenant(slug);
      const sso = await deps.repos.ssoProviders.get(tenant.id);
      return { slug: tenant.slug, name: tenant.name, ssoEnabled: Boolean(sso?.enabled) };
    },

    /** Answers alike, and as fast, for every address: the work for a known one happens after the answer. */
    async lookupOrganisations(email: string, meta: RequestMeta): Promise<void> {
      const keys = lookupKeys(email, meta.ip);
      await throttle.assertAllowed(keys);
      await throttle.recordFailure(keys);
      background.run('organisation list mail', () => mailOrganisations(email.trim()));
    },

    async login(
      input: { organisation: string; email: string; password: string; mfaCode?: string },
      meta: RequestMeta,
    ): Promise<TLoginResult> {
      const tenant = await activeTenant(input.organisation);
      const keys = loginThrottleKeys(tenant.id, input.email, meta.ip);
      await throttle.assertAllowed(keys);
      const user = await deps.repos.users.findByEmail(tenant.id, input.email.trim());
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !passwordOk) {
        await throttle.recordFailure(keys);
        if (user) await audit.record(tenant.id, null, meta, failedLogin(user, 'wrong password'));
        throw new AppError(user?.external ? 'EXTERNAL_LOGIN_REQUIRED' : 'INVALID_CREDENTIALS');
      }
      if (!user.active) throw new AppError('ACCOUNT_DEACTIVATED');
      if (user.mfaEnabled) {
        if (!input.mfaCode) return { status: 'mfaRequired' };
        if (!(await mfa.verifyForLogin(user, input.mfaCode))) {
          await throttle.recordFailure(keys);
          await audit.record(tenant.id, null, meta, failedLogin(user, 'wrong authentication code'));
          throw new AppError('MFA_INVALID_CODE');
        }
      }
      await throttle.succeeded(keys);
      const token = await sessions.start(user, meta);
      await audit.record(tenant.id, { userId: user.id, email: user.email }, meta, {
        action: 'auth.login',
        targetType: 'user',
        targetId: user.id,
        subject: user.email,
        summary: `${user.email} signed in`,
      });
      return { status: 'ok', token };
    },

    async changePassword(
      actor: AuthedActor,
      input: { currentPassword: string; newPassword: string },
      meta: RequestMeta,
    ) {
      const user = await deps.repos.users.findById(actor.tenantId, actor.userId);
      if (!user) throw new AppError('NOT_FOUND');
      if (user.external) throw new AppError('EXTERNAL_LOGIN_REQUIRED');
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('WRONG_PASSWORD');
      assertPasswordStrength(input.newPassword);
      await deps.repos.users.update(user.tenantId, user.id, { passwordHash: await hashPassword(input.newPassword) });
      await audit.record(user.tenantId, { userId: user.id, email: user.email }, meta, {
        action: 'auth.password_changed',
        targetType: 'user',
        targetId: user.id,
        subject: user.email,
        summary: `${user.email} changed their password`,
      });
    },
  };
}

function failedLogin(user: TUserRow, reason: string): AuditEntry {
  return {
    action: 'auth.login_failed',
    targetType: 'user',
    targetId: user.id,
    subject: user.email,
    summary: `Failed sign-in for ${user.email}: ${reason}`,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
