import { AppError } from '../errors/app-error';
import { isoDateEndUtc, isoDateStartUtc, utcDateOf } from '../validation/iso-date.schema';

const DAY_MS = 86_400_000;

export type ApiKeyState = 'active' | 'inactive' | 'expired' | 'unused';

export interface ApiKeyLifecycle {
  active: boolean;
  /** 'YYYY-MM-DD'; the key works through the whole of that day in UTC. null = never expires. */
  expiresAt: string | null;
  maxUnusedDays: number | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

/**
 * What a key is now. Only 'active' keys authenticate. When several apply, the switch wins over expiry and expiry
 * over disuse, so the list shows the reason an administrator can act on first. A key is 'unused' once more than
 * maxUnusedDays whole days have passed since it was last used, or since it was created if it never was.
 */
export function apiKeyState(key: ApiKeyLifecycle, now: Date): ApiKeyState {
  if (!key.active) return 'inactive';
  if (key.expiresAt !== null) {
    // An unreadable stored date fails closed rather than making the key immortal.
    const end = isoDateEndUtc(key.expiresAt);
    if (end === null || now.getTime() >= end) return 'expired';
  }
  if (key.maxUnusedDays !== null) {
    const since = (key.lastUsedAt ?? key.createdAt).getTime();
    if (now.getTime() - since > key.maxUnusedDays * DAY_MS) return 'unused';
  }
  return 'active';
}

/** A new expiry must be a real date after today (UTC): a key expiring today would be dead on arrival. */
export function assertExpiryInFuture(date: string, now: Date): void {
  if (isoDateStartUtc(date) === null) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'expiresAt', code: 'VALIDATION_FAILED', message: 'Enter a date as YYYY-MM-DD' }],
    });
  }
  // Same-format strings compare in date order.
  if (date <= utcDateOf(now)) throw new AppError('EXPIRY_IN_PAST');
}
