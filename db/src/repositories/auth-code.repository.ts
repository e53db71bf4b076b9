import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { authCode, type TAuthCodePurpose } from '../schema';

export type TAuthCodeRow = typeof authCode.$inferSelect;

export function createAuthCodeRepository(db: Database) {
  return {
    async insert(
      tenantId: string,
      values: { userId: string; purpose: TAuthCodePurpose; codeHash: string; expiresAt: Date },
    ): Promise<void> {
      await db.insert(authCode).values({ ...values, tenantId });
    },
    /** The newest live code of a purpose for one user (reset codes are checked per user, not looked up globally). */
    async findLiveForUser(
      tenantId: string,
      userId: string,
      purpose: TAuthCodePurpose,
      now: Date,
    ): Promise<TAuthCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(authCode)
        .where(
          and(
            eq(authCode.tenantId, tenantId),
            eq(authCode.userId, userId),
            eq(authCode.purpose, purpose),
            isNull(authCode.usedAt),
            gt(authCode.expiresAt, now),
          ),
        )
        .orderBy(desc(authCode.createdAt))
        .limit(1);
      return row;
    },
    async countAttempt(tenantId: string, id: string): Promise<number> {
      const [row] = await db
        .update(authCode)
        .set({ attempts: sql`${authCode.attempts} + 1` })
        .where(and(eq(authCode.tenantId, tenantId), eq(authCode.id, id)))
        .returning({ attempts: authCode.attempts });
      return row?.attempts ?? 0;
    },
    /**
     * Marks a live code used and returns it; a second caller with the same code gets nothing, which is what
     * makes codes single-use even under concurrent requests. Not tenant-scoped: long codes name their tenant.
     */
    async consumeByHash(purpose: TAuthCodePurpose, codeHash: string, now: Date): Promise<TAuthCodeRow | undefined> {
      const [row] = await db
        .update(authCode)
        .set({ usedAt: now })
        .where(
          and(
            eq(authCode.purpose, purpose),
            eq(authCode.codeHash, codeHash),
            isNull(authCode.usedAt),
            gt(authCode.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
    async consumeById(tenantId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(authCode)
        .set({ usedAt: now })
        .where(and(eq(authCode.tenantId, tenantId), eq(authCode.id, id), isNull(authCode.usedAt)))
        .returning({ id: authCode.id });
      return rows.length > 0;
    },
    async invalidateForUser(tenantId: string, userId: string, purpose: TAuthCodePurpose, now: Date): Promise<void> {
      await db
        .update(authCode)
        .set({ usedAt: now })
        .where(
          and(
            eq(authCode.tenantId, tenantId),
            eq(authCode.userId, userId),
            eq(authCode.purpose, purpose),
            isNull(authCode.usedAt),
          ),
        );
    },
  };
}
