import type { AuthedActor } from './actor.service';
import { AppError } from '@mam/core';
import type { TUserRow } from '@mam/db';
import { Secret, TOTP } from 'otpauth';
import { randomToken, safeEqual, sha256 } from '../security/tokens';
import type { ServiceDeps } from './service-deps';

const RECOVERY_CODE_COUNT = 10;

export function createMfaService(deps: ServiceDeps) {
  function totpFor(user: TUserRow, secretBase32: string, issuer: string): TOTP {
    return new TOTP({ issuer, label: user.email, secret: Secret.fromBase32(secretBase32), digits: 6, period: 30 });
  }

  /** The time step the code belongs to when it is valid and newer than the last one accepted, else null. */
  function acceptedStep(user: TUserRow, sealedSecret: string, code: string): number | null {
    const totp = totpFor(user, deps.secretBox.open(sealedSecret), 'MAM');
    const now = deps.clock().getTime();
    // One step either side absorbs clock drift between the phone and the server.
    const delta = totp.validate({ token: code.replace(/\s+/g, ''), timestamp: now, window: 1 });
    if (delta === null) return null;
    const step = Math.floor(now / 1000 / totp.period) + delta;
    return user.mfaLastUsedStep !== null && step <= user.mfaLastUsedStep ? null : step;
  }

  async function loadUser(actor: AuthedActor): Promise<TUserRow> {
    const user = await deps.repos.users.findById(actor.tenantId, actor.userId);
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  }

  return {
    async beginEnrolment(actor: AuthedActor, issuer: string) {
      const user = await loadUser(actor);
      if (user.external) throw new AppError('EXTERNAL_LOGIN_REQUIRED');
      const secret = new Secret({ size: 20 });
      await deps.repos.users.update(user.tenantId, user.id, {
        mfaPendingSecretEncrypted: deps.secretBox.seal(secret.base32),
      });
      const otpauthUrl = totpFor(user, secret.base32, issuer).toString();
      // Loaded here: qrcode and its PNG encoder (57 modules) serve only MFA enrolment.
      const { default: QRCode } = await import('qrcode');
      return { secret: secret.base32, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1 }) };
    },

    /** Turns the pending secret on when the user proves they have it; returns recovery codes shown once. */
    async confirmEnrolment(actor: AuthedActor, code: string) {
      const user = await loadUser(actor);
      const step = user.mfaPendingSecretEncrypted ? acceptedStep(user, user.mfaPendingSecretEncrypted, code) : null;
      if (step === null) throw new AppError('MFA_INVALID_CODE');
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
        randomToken(8).replace(/[-_]/g, 'x').slice(0, 10).toUpperCase(),
      );
      await deps.repos.users.update(user.tenantId, user.id, {
        mfaEnabled: true,
        mfaSecretEncrypted: user.mfaPendingSecretEncrypted,
        mfaPendingSecretEncrypted: null,
        mfaLastUsedStep: step,
        mfaRecoveryCodeHashes: recoveryCodes.map((c) => sha256(c)),
      });
      return { recoveryCodes };
    },

    async disable(actor: AuthedActor, code: string, enforced: boolean) {
      if (enforced) throw new AppError('FORBIDDEN');
      const user = await loadUser(actor);
      if (!user.mfaEnabled) throw new AppError('MFA_NOT_ENABLED');
      if (!(await this.verifyForLogin(user, code))) throw new AppError('MFA_INVALID_CODE');
      await deps.repos.users.update(user.tenantId, user.id, {
        mfaEnabled: false,
        mfaSecretEncrypted: null,
        mfaLastUsedStep: null,
        mfaRecoveryCodeHashes: [],
      });
    },

    /** A current TOTP code, or an unused recovery code (which is then spent). */
    async verifyForLogin(user: TUserRow, code: string): Promise<boolean> {
      if (!user.mfaSecretEncrypted) return false;
      if (/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
        const step = acceptedStep(user, user.mfaSecretEncrypted, code);
        if (step === null) return false;
        await deps.repos.users.update(user.tenantId, user.id, { mfaLastUsedStep: step });
        return true;
      }
      const hash = sha256(code.trim().toUpperCase());
      const remaining = user.mfaRecoveryCodeHashes.filter((h) => !safeEqual(h, hash));
      if (remaining.length === user.mfaRecoveryCodeHashes.length) return false;
      await deps.repos.users.update(user.tenantId, user.id, { mfaRecoveryCodeHashes: remaining });
      return true;
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
