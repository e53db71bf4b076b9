import type { AuthedActor } from './actor.service';
import { AppError, assertPasswordStrength } from '@mam/core';
import type { TTenantRow, TUserRow } from '@mam/db';
import { hashPassword, verifyPassword } from '../security/password-hasher';
import type { AuditService } from './audit.service';
import { createLoginThrottle, loginThrottleKeys } from './login-throttle.service';
import type { MfaService } from './mfa.service';
import type { RequestMeta, ServiceDeps } from './service-deps';
import type { SessionService } from './session.service';

export type TLoginResult = { status: 'ok'; token: string } | { status: 'mfaRequired' };

export function createAuthService(deps: ServiceDeps, sessions: SessionService, mfa: MfaService, audit: AuditService) {
  const throttle = createLoginThrottle(deps);

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

    async lookupOrganisations(email: string) {
      return { organisations: await deps.repos.users.organisationsForEmail(email.trim()) };
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
        summary: `${user.email} changed their password`,
      });
    },
  };
}

function failedLogin(user: TUserRow, reason: string) {
  return {
    action: 'auth.login_failed',
    targetType: 'user',
    targetId: user.id,
    summary: `Failed sign-in for ${user.email}: ${reason}`,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
