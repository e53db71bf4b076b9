import { AppError } from '../errors/app-error';
import { effectiveShareLimits, type TTenantConfig } from '../tenant/tenant-config.schema';

/**
 * A share password, when there is one, has at least this many characters: links are guessed online only, and the
 * server slows guessing down, so it may be shorter than an account password (10).
 */
export const SHARE_PASSWORD_MIN_LENGTH = 6;
export const SHARE_PASSWORD_MAX_LENGTH = 256;
const DAY_MS = 24 * 60 * 60 * 1000;

export type TShareLimits = ReturnType<typeof effectiveShareLimits>;

/** The password rule of a share, or null when it is fine (empty means no password). */
export function sharePasswordProblem(password: string): AppError | null {
  if (password === '') return null;
  if (password.length < SHARE_PASSWORD_MIN_LENGTH)
    return new AppError('SHARE_PASSWORD_TOO_SHORT', { params: { min: SHARE_PASSWORD_MIN_LENGTH } });
  if (password.length > SHARE_PASSWORD_MAX_LENGTH) return new AppError('PASSWORD_TOO_LONG');
  return null;
}

/** The latest expiry the tenant allows for a share created or changed now. */
export function latestShareExpiry(limits: TShareLimits, now: Date): Date {
  return new Date(now.getTime() + limits.maxValidDays * DAY_MS);
}

export interface TShareLimitInput {
  /** Null: the latest the tenant allows. */
  expiresAt: Date | null;
  /** Null: as many as the tenant allows. */
  maxViews: number | null;
}

/**
 * Applies the tenant's maximum valid days and views (its own or the product defaults): an empty value becomes the
 * maximum, a value beyond it is refused. Shares always end: there is no unlimited share.
 */
export function checkShareLimits(
  input: TShareLimitInput,
  config: Pick<TTenantConfig, 'shareMaxValidDays' | 'shareMaxViews'>,
  now: Date,
): { expiresAt: Date; maxViews: number } {
  const limits = effectiveShareLimits(config);
  const latest = latestShareExpiry(limits, now);
  const expiresAt = input.expiresAt ?? latest;
  if (expiresAt <= now) throw new AppError('EXPIRY_IN_PAST');
  // A minute of slack: the console picks the last allowed day while the clock moves on.
  if (expiresAt.getTime() > latest.getTime() + 60_000)
    throw new AppError('SHARE_EXPIRY_TOO_LATE', { params: { days: limits.maxValidDays } });
  const maxViews = input.maxViews ?? limits.maxViews;
  if (!Number.isInteger(maxViews) || maxViews < 1)
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'maxViews', code: 'VALIDATION_FAILED', message: 'At least one view.' }],
    });
  if (maxViews > limits.maxViews) throw new AppError('SHARE_VIEWS_TOO_MANY', { params: { max: limits.maxViews } });
  return { expiresAt, maxViews };
}
