import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../client/database';
import { apiKey } from '../schema';

export type TApiKeyRow = typeof apiKey.$inferSelect;

export function createApiKeyRepository(db: Database) {
  return {
    async listForUser(tenantId: string, userId: string): Promise<TApiKeyRow[]> {
      return db
        .select()
        .from(apiKey)
        .where(and(eq(apiKey.tenantId, tenantId), eq(apiKey.userId, userId)))
        .orderBy(desc(apiKey.createdAt));
    },
    async listForTenant(tenantId: string): Promise<TApiKeyRow[]> {
      return db.select().from(apiKey).where(eq(apiKey.tenantId, tenantId)).orderBy(desc(apiKey.createdAt));
    },
    async insert(
      tenantId: string,
      values: {
        userId: string;
        label: string;
        prefix: string;
        secretHash: string;
        expiresAt: string | null;
        maxUnusedDays: number | null;
      },
    ): Promise<TApiKeyRow> {
      const [row] = await db
        .insert(apiKey)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    /** Authentication lookup: the secret names its tenant, so this one is not tenant-scoped. */
    async findBySecretHash(secretHash: string): Promise<TApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKey).where(eq(apiKey.secretHash, secretHash));
      return row;
    },
    async setActive(tenantId: string, userId: string, id: string, active: boolean): Promise<TApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKey)
        .set({ active })
        .where(and(eq(apiKey.tenantId, tenantId), eq(apiKey.userId, userId), eq(apiKey.id, id)))
        .returning();
      return row;
    },
    async delete(tenantId: string, userId: string, id: string): Promise<TApiKeyRow | undefined> {
      const [row] = await db
        .delete(apiKey)
        .where(and(eq(apiKey.tenantId, tenantId), eq(apiKey.userId, userId), eq(apiKey.id, id)))
        .returning();
      return row;
    },
    async touchLastUsed(tenantId: string, id: string, at: Date): Promise<void> {
      await db
        .update(apiKey)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKey.tenantId, tenantId), eq(apiKey.id, id)));
    },
  };
}
