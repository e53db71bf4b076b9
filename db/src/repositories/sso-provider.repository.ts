import { eq } from 'drizzle-orm';
import type { Database } from '../client/database';
import { ssoProvider } from '../schema';

export type TSsoProviderRow = typeof ssoProvider.$inferSelect;

export function createSsoProviderRepository(db: Database) {
  return {
    async get(tenantId: string): Promise<TSsoProviderRow | undefined> {
      const [row] = await db.select().from(ssoProvider).where(eq(ssoProvider.tenantId, tenantId));
      return row;
    },
    async upsert(
      tenantId: string,
      values: Omit<typeof ssoProvider.$inferInsert, 'tenantId' | 'updatedAt'>,
    ): Promise<TSsoProviderRow> {
      const [row] = await db
        .insert(ssoProvider)
        .values({ ...values, tenantId })
        .onConflictDoUpdate({ target: ssoProvider.tenantId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}
