import { AppError } from '@mam/core';
import type { ServiceDeps } from './service-deps';

const FREE_FAILURES = 5;
const MAX_DELAY_MS = 15 * 60_000;
const QUIET_RESET_MS = 60 * 60_000;

/**
 * Slows down password guessing per account and per client address: after five failures each further one
 * blocks the key for an exponentially growing time (1 s, 2 s, 4 s … up to 15 minutes).
 */
export function createLoginThrottle(deps: ServiceDeps) {
  return {
    async assertAllowed(keys: string[]): Promise<void> {
      const now = deps.clock();
      for (const key of keys) {
        const row = await deps.repos.loginThrottle.get(key);
        if (row?.blockedUntil && row.blockedUntil > now) {
          const seconds = Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000);
          throw new AppError('RATE_LIMITED', { params: { retryAfterSeconds: seconds } });
        }
      }
    },
    async recordFailure(keys: string[]): Promise<void> {
      const now = deps.clock();
      for (const key of keys) {
        const failures = await deps.repos.loginThrottle.recordFailure(key, now, QUIET_RESET_MS);
        if (failures >= FREE_FAILURES) {
          const delay = Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
          await deps.repos.loginThrottle.block(key, new Date(now.getTime() + delay));
        }
      }
    },
    async clear(keys: string[]): Promise<void> {
      for (const key of keys) await deps.repos.loginThrottle.clear(key);
    },
  };
}

export function throttleKeys(tenantId: string, email: string, ip: string | null): string[] {
  return [`account:${tenantId}:${email.toLowerCase()}`, ...(ip ? [`address:${ip}`] : [])];
}
