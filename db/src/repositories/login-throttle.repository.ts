import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { loginThrottle } from '../schema';

export type TLoginThrottleRow = typeof loginThrottle.$inferSelect;

export function createLoginThrottleRepository(db: Database) {
  return {
    async get(key: string): Promise<TLoginThrottleRow | undefined> {
      const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
      return row;
    },
    /** Counts one more failure; a failure after a quiet `resetAfterMs` starts the count again. */
    async recordFailure(key: string, now: Date, resetAfterMs: number): Promise<number> {
      const since = new Date(now.getTime() - resetAfterMs);
      const [row] = await db
        .insert(loginThrottle)
        .values({ key, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.lastFailureAt} < ${since.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: loginThrottle.failures });
      return row?.failures ?? 1;
    },
    async block(key: string, until: Date): Promise<void> {
      await db.update(loginThrottle).set({ blockedUntil: until }).where(eq(loginThrottle.key, key));
    },
    async clear(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
  };
}
