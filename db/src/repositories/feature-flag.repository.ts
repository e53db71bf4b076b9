import { asc, eq, or } from 'drizzle-orm';
import type { Database } from '../client/database';
import { featureFlag, featureFlagTenant } from '../schema';

export interface TFeatureFlag {
  id: string;
  description: string;
  enabledForAll: boolean;
  tenantIds: string[];
}

/** Feature flags are system-wide; only the tenants-with-access list refers to tenants. */
export function createFeatureFlagRepository(db: Database) {
  return {
    async list(): Promise<TFeatureFlag[]> {
      const flags = await db.select().from(featureFlag).orderBy(asc(featureFlag.id));
      const grants = await db.select().from(featureFlagTenant);
      return flags.map((f) => ({
        id: f.id,
        description: f.description,
        enabledForAll: f.enabledForAll,
        tenantIds: grants.filter((g) => g.flagId === f.id).map((g) => g.tenantId),
      }));
    },
    async upsert(flag: TFeatureFlag): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(featureFlag)
          .values({ id: flag.id, description: flag.description, enabledForAll: flag.enabledForAll })
          .onConflictDoUpdate({
            target: featureFlag.id,
            set: { description: flag.description, enabledForAll: flag.enabledForAll, updatedAt: new Date() },
          });
        await tx.delete(featureFlagTenant).where(eq(featureFlagTenant.flagId, flag.id));
        if (flag.tenantIds.length) {
          await tx.insert(featureFlagTenant).values(flag.tenantIds.map((tenantId) => ({ flagId: flag.id, tenantId })));
        }
      });
    },
    async insertIfMissing(id: string, description: string): Promise<void> {
      await db.insert(featureFlag).values({ id, description }).onConflictDoNothing();
    },
    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(featureFlag).where(eq(featureFlag.id, id)).returning({ id: featureFlag.id });
      return rows.length > 0;
    },
    async enabledFor(tenantId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: featureFlag.id })
        .from(featureFlag)
        .leftJoin(featureFlagTenant, eq(featureFlagTenant.flagId, featureFlag.id))
        .where(or(eq(featureFlag.enabledForAll, true), eq(featureFlagTenant.tenantId, tenantId)))
        .orderBy(asc(featureFlag.id));
      return rows.map((r) => r.id);
    },
  };
}
