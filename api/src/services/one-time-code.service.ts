import { AppError, assertPasswordStrength, mailForInvitation, mailForPasswordReset, mailLocale } from '@mam/core';
import type { Repositories, TUserRow } from '@mam/db';
import { randomDigits, randomToken, safeEqual, sha256 } from '../security/tokens';
import type { AuditEntry, AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';
import type { SessionService } from './session.service';
import { hashPassword } from '../security/password-hasher';
import type { BackgroundTasks } from './background-tasks';
import { createLoginThrottle, HOUR_MS, quota, type TThrottleKey } from './login-throttle.service';

const RESET_CODE_TTL_MS = 15 * 60_000;
const RESET_CODE_MAX_ATTEMPTS = 5;
const RESET_TOKEN_TTL_MS = 15 * 60_000;
export const SIGN_IN_CODE_TTL_MS = 72 * 3_600_000;

/** Password reset by e-mailed code, and sign-in by single-use link: both end in a new session. */
/** Who asks about which address: the organisation and e-mail as typed, whether or not such an account exists. */
function accountKey(organisation: string, email: string) {
  return `${organisation.trim().toLowerCase()}:${email.trim().toLowerCase()}`;
}

/**
 * Codes requested per account and per client address, and wrong codes likewise, each counted over an hour. The
 * wrong-code count is not the code's own: a new code brings no new tries, so six digits cannot fall to repetition.
 */
function resetRequestKeys(organisation: string, email: string, ip: string | null): TThrottleKey[] {
  return [
    quota(`reset-request:${accountKey(organisation, email)}`, 5, HOUR_MS),
    ...(ip ? [quota(`reset-request-address:${ip}`, 20, HOUR_MS)] : []),
  ];
}

function resetCodeKeys(organisation: string, email: string, ip: string | null): TThrottleKey[] {
  return [
    quota(`reset-code:${accountKey(organisation, email)}`, 10, HOUR_MS),
    ...(ip ? [quota(`reset-code-address:${ip}`, 30, HOUR_MS)] : []),
  ];
}

/** Password reset by e-mailed code, and sign-in by single-use link: both end in a new session. */
export function createOneTimeCodeService(
  deps: ServiceDeps,
  sessions: SessionService,
  audit: AuditService,
  background: BackgroundTasks,
) {
  const resetCodeHash = (user: TUserRow, code: string) => sha256(`${user.tenantId}:${user.id}:${code}`);
  const throttle = createLoginThrottle(deps);

  async function sendResetCode(input: { organisation: string; email: string }, meta: RequestMeta): Promise<void> {
    const tenant = await deps.repos.tenants.findBySlug(input.organisation.trim());
    if (!tenant?.active) return;
    const user = await deps.repos.users.findByEmail(tenant.id, input.email.trim());
    if (!user || !user.active || user.external) return;
    const now = deps.clock();
    const code = randomDigits(6);
    // The code and its audit event commit together before the mail leaves: no code goes out unrecorded.
    await audit.change(
      { tenantId: tenant.id },
      meta,
      async (tx) => {
        await tx.authCodes.invalidateForUser(tenant.id, user.id, 'password_reset', now);
        await tx.authCodes.insert(tenant.id, {
          userId: user.id,
          purpose: 'password_reset',
          codeHash: resetCodeHash(user, code),
          expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
        });
      },
      () => ({
        action: 'auth.password_reset_requested',
        targetType: 'user',
        targetId: user.id,
        subject: user.email,
        summary: `Password reset requested for ${user.email}`,
      }),
    );
    await deps.mailer.send({
      to: user.email,
      ...mailForPasswordReset(mailLocale({ userLanguage: user.language, tenantConfig: tenant.config }), {
        name: user.name,
        organisation: tenant.name,
        code,
        link: `${deps.config.publicUrl}/public/forgot-password/verify`,
        minutes: RESET_CODE_TTL_MS / 60_000,
      }),
    });
  }

  /**
   * Spends a single-use code of a live, active account, does what it was for and records it, in one transaction:
   * when any of it fails, the code stays unspent. INVALID_CODE for a code that is spent, expired or unknown.
   */
  async function consumedCode(
    purpose: 'reset_token' | 'sign_in',
    codeHash: string,
    meta: RequestMeta,
    use: (tx: Repositories, user: TUserRow) => Promise<void>,
    describe: (user: TUserRow) => AuditEntry,
  ): Promise<TUserRow> {
    return audit.change(
      (user) => ({ tenantId: user.tenantId, userId: user.id, email: user.email }),
      meta,
      async (tx) => {
        const row = await tx.authCodes.consumeByHash(purpose, codeHash, deps.clock());
        const user = row && (await tx.users.findById(row.tenantId, row.userId));
        if (!user) throw new AppError('INVALID_CODE');
        if (!user.active) throw new AppError('ACCOUNT_DEACTIVATED');
        await use(tx, user);
        return user;
      },
      describe,
    );
  }

  return {
    /**
     * Always answers the same, and in the same time: the request does only the throttle's bookkeeping, alike for
     * every address; finding the account, the code and the mail happen after the answer.
     */
    async requestPasswordReset(input: { organisation: string; email: string }, meta: RequestMeta): Promise<void> {
      const keys = resetRequestKeys(input.organisation, input.email, meta.ip);
      await throttle.assertAllowed(keys);
      await throttle.recordFailure(keys);
      background.run('password reset code', () => sendResetCode(input, meta));
    },

    /** Trades a valid code for a short-lived reset token; five wrong tries spend the code. */
    async verifyResetCode(
      input: { organisation: string; email: string; code: string },
      meta: RequestMeta,
    ): Promise<{ resetToken: string }> {
      const keys = resetCodeKeys(input.organisation, input.email, meta.ip);
      await throttle.assertAllowed(keys);
      const wrong = async (): Promise<never> => {
        await throttle.recordFailure(keys);
        throw new AppError('INVALID_CODE');
      };
      const tenant = await deps.repos.tenants.findBySlug(input.organisation.trim());
      const user = tenant && (await deps.repos.users.findByEmail(tenant.id, input.email.trim()));
      const now = deps.clock();
      const row = user && (await deps.repos.authCodes.findLiveForUser(user.tenantId, user.id, 'password_reset', now));
      if (!user || !row) return wrong();
      const attempts = await deps.repos.authCodes.countAttempt(user.tenantId, row.id);
      if (attempts > RESET_CODE_MAX_ATTEMPTS || !safeEqual(row.codeHash, resetCodeHash(user, input.code.trim()))) {
        if (attempts >= RESET_CODE_MAX_ATTEMPTS) await deps.repos.authCodes.consumeById(user.tenantId, row.id, now);
        return wrong();
      }
      if (!(await deps.repos.authCodes.consumeById(user.tenantId, row.id, now))) return wrong();
      const resetToken = randomToken();
      await deps.repos.authCodes.insert(user.tenantId, {
        userId: user.id,
        purpose: 'reset_token',
        codeHash: sha256(resetToken),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      });
      return { resetToken };
    },

    /** Sets the new password, ends every other session and starts a fresh one. */
    async resetPassword(input: { resetToken: string; password: string }, meta: RequestMeta): Promise<string> {
      assertPasswordStrength(input.password);
      const passwordHash = await hashPassword(input.password);
      // The token is spent only with the new password and its audit event: all of it, or none.
      const user = await consumedCode(
        'reset_token',
        sha256(input.resetToken),
        meta,
        async (tx, found) => {
          await tx.users.update(found.tenantId, found.id, { passwordHash });
          await sessions.endAllFor(found, tx);
        },
        (found) => ({
          action: 'auth.password_reset',
          targetType: 'user',
          targetId: found.id,
          subject: found.email,
          summary: `${found.email} reset their password`,
        }),
      );
      // Re-read: the new session must carry the epoch that voided the old ones.
      return sessions.start((await deps.repos.users.findById(user.tenantId, user.id))!, meta);
    },

    /**
     * A single-use sign-in link, e-mailed to the invited user in their language (a new user has none yet: the
     * tenant's). Returns the code for the CLI.
     */
    async issueSignInCode(user: TUserRow, invitation: { inviter: string }): Promise<string> {
      const code = randomToken();
      await deps.repos.authCodes.insert(user.tenantId, {
        userId: user.id,
        purpose: 'sign_in',
        codeHash: sha256(code),
        expiresAt: new Date(deps.clock().getTime() + SIGN_IN_CODE_TTL_MS),
      });
      const tenant = await deps.repos.tenants.findById(user.tenantId);
      await deps.mailer.send({
        to: user.email,
        ...mailForInvitation(mailLocale({ userLanguage: user.language, tenantConfig: tenant?.config }), {
          name: user.name,
          inviter: invitation.inviter,
          organisation: tenant?.name ?? 'MAM',
          link: `${deps.config.publicUrl}/sign-in-code?code=${code}`,
          hours: SIGN_IN_CODE_TTL_MS / 3_600_000,
        }),
      });
      return code;
    },

    async signInWithCode(code: string, meta: RequestMeta): Promise<string> {
      const user = await consumedCode(
        'sign_in',
        sha256(code.trim()),
        meta,
        async () => {},
        (found) => ({
          action: 'auth.login_code',
          targetType: 'user',
          targetId: found.id,
          subject: found.email,
          summary: `${found.email} signed in with a sign-in code`,
        }),
      );
      return sessions.start(user, meta);
    },
  };
}

export type OneTimeCodeService = ReturnType<typeof createOneTimeCodeService>;
