import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../client/database';
import { session } from '../schema';

export type TSessionRow = typeof session.$inferSelect;

export function createSessionRepository(db: Database) {
  return {
    async insert(
      tenantId: string,
      values: {
        tokenHash: string;
        userId: string;
        userEpoch: number;
        createdAt: Date;
        expiresAt: Date;
        ip: string | null;
        userAgent: string | null;
      },
    ): Promise<void> {
      await db.insert(session).values({ ...values, lastSeenAt: values.createdAt, tenantId });
    },
    /** Authentication lookup: the token names its tenant, so this one is not tenant-scoped. */
    async findByTokenHash(tokenHash: string): Promise<TSessionRow | undefined> {
      const [row] = await db.select().from(session).where(eq(session.tokenHash, tokenHash));
      return row;
    },
    async touch(tokenHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db.update(session).set({ lastSeenAt, expiresAt }).where(eq(session.tokenHash, tokenHash));
    },
    async delete(tokenHash: string): Promise<void> {
      await db.delete(session).where(eq(session.tokenHash, tokenHash));
    },
    async deleteForUser(tenantId: string, userId: string): Promise<number> {
      const rows = await db
        .delete(session)
        .where(and(eq(session.tenantId, tenantId), eq(session.userId, userId)))
        .returning({ tokenHash: session.tokenHash });
      return rows.length;
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(session).where(lt(session.expiresAt, now));
    },
  };
}
