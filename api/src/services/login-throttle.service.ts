import { AppError } from '@mam/core';
import type { ServiceDeps } from './service-deps';

const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/**
 * One counter in the login_throttle table and its rule: after `free` failures within a quiet `windowMs`, each further
 * one blocks the key for `firstDelayMs`, doubling up to `maxDelayMs`. `clearOnSuccess` keys start again on success.
 */
export interface TThrottleKey {
  key: string;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
  clearOnSuccess: boolean;
}

/** Exponential back-off (1 s, 2 s, 4 s … up to 15 minutes) after `free` failures in an hour. */
function backOff(key: string, free: number, clearOnSuccess: boolean): TThrottleKey {
  return { key, free, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE_MS, windowMs: HOUR_MS, clearOnSuccess };
}

/** At most `allowed` in a window of `windowMs`; then the key waits out the window. */
export function quota(key: string, allowed: number, windowMs: number): TThrottleKey {
  return { key, free: allowed, firstDelayMs: windowMs, maxDelayMs: windowMs, windowMs, clearOnSuccess: false };
}

/** Failures an address may collect across accounts (several people behind one NAT) before it is slowed down. */
const ADDRESS_FREE_FAILURES = 20;

/**
 * Password guessing is slowed down per account *and client address*, and per address: the same client cannot try
 * fast, yet a guesser elsewhere cannot lock the owner out. No account-wide ceiling, since that would hand anyone
 * the lockout again; a guesser needs a fresh address every few tries, and each try costs an argon2 hash.
 */
export function loginThrottleKeys(tenantId: string, email: string, ip: string | null): TThrottleKey[] {
  const account = `${tenantId}:${email.trim().toLowerCase()}`;
  return [
    backOff(`account-client:${account}|${ip ?? '-'}`, 5, true),
    ...(ip ? [backOff(`address:${ip}`, ADDRESS_FREE_FAILURES, false)] : []),
  ];
}

/** The same for a share link's password: per link and client, and per client. */
export function shareThrottleKeys(shareTokenHash: string, ip: string | null): TThrottleKey[] {
  return [
    backOff(`share-client:${shareTokenHash}|${ip ?? '-'}`, 5, true),
    ...(ip ? [backOff(`share-address:${ip}`, ADDRESS_FREE_FAILURES, false)] : []),
  ];
}

/** Counters kept in the database, so every API process sees the same counts. RATE_LIMITED while blocked. */
export function createLoginThrottle(deps: ServiceDeps) {
  return {
    async assertAllowed(keys: TThrottleKey[]): Promise<void> {
      const now = deps.clock();
      let until: Date | null = null;
      for (const { key } of keys) {
        const row = await deps.repos.loginThrottle.get(key);
        if (row?.blockedUntil && row.blockedUntil > now && (!until || row.blockedUntil > until))
          until = row.blockedUntil;
      }
      if (until) {
        const seconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
        throw new AppError('RATE_LIMITED', { params: { retryAfterSeconds: seconds } });
      }
    },
    /** One more failure (or, for a quota, one more use) on every key. */
    async recordFailure(keys: TThrottleKey[]): Promise<void> {
      const now = deps.clock();
      for (const rule of keys) {
        const failures = await deps.repos.loginThrottle.recordFailure(rule.key, now, rule.windowMs);
        if (failures >= rule.free) {
          const delay = Math.min(rule.firstDelayMs * 2 ** (failures - rule.free), rule.maxDelayMs);
          await deps.repos.loginThrottle.block(rule.key, new Date(now.getTime() + delay));
        }
      }
    },
    async succeeded(keys: TThrottleKey[]): Promise<void> {
      for (const rule of keys) if (rule.clearOnSuccess) await deps.repos.loginThrottle.clear(rule.key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
