import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { isUniqueViolation } from '../client/database-errors';
import { liveSource } from '../schema';

export type TLiveSourceRow = typeof liveSource.$inferSelect;
export type TLiveSourceInsert = Pick<
  typeof liveSource.$inferInsert,
  'name' | 'type' | 'mode' | 'location' | 'cidr' | 'encryptedCredentials' | 'pipeline' | 'folderId' | 'bindKey'
>;

/** Which unique rule a refused write broke: the tenant's name, or a local address another source listens on. */
export type TLiveSourceConflict = 'name-taken' | 'address-taken';

function conflictOf(error: unknown): TLiveSourceConflict | null {
  if (isUniqueViolation(error, 'live_source_name_idx')) return 'name-taken';
  if (isUniqueViolation(error, 'live_source_bind_idx')) return 'address-taken';
  return null;
}

export function createLiveSourceRepository(db: Database) {
  const ofTenant = (tenantId: string, id: string) => and(eq(liveSource.tenantId, tenantId), eq(liveSource.id, id));

  return {
    async list(tenantId: string): Promise<TLiveSourceRow[]> {
      return db
        .select()
        .from(liveSource)
        .where(eq(liveSource.tenantId, tenantId))
        .orderBy(asc(sql`lower(${liveSource.name})`));
    },
    async findById(tenantId: string, id: string): Promise<TLiveSourceRow | undefined> {
      const [row] = await db.select().from(liveSource).where(ofTenant(tenantId, id));
      return row;
    },
    /** Names of the tenant's sources whose recordings render their high res with the preset. */
    async namesUsingPreset(tenantId: string, presetId: string): Promise<string[]> {
      const rows = await db
        .select({ name: liveSource.name })
        .from(liveSource)
        .where(
          and(eq(liveSource.tenantId, tenantId), sql`${liveSource.pipeline} -> 'highRes' ->> 'presetId' = ${presetId}`),
        )
        .orderBy(asc(sql`lower(${liveSource.name})`));
      return rows.map((row) => row.name);
    },
    async insert(tenantId: string, values: TLiveSourceInsert): Promise<TLiveSourceRow | TLiveSourceConflict> {
      try {
        const [row] = await db
          .insert(liveSource)
          .values({ ...values, tenantId })
          .returning();
        return row!;
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) return conflict;
        throw error;
      }
    },
    async update(
      tenantId: string,
      id: string,
      values: TLiveSourceInsert,
    ): Promise<TLiveSourceRow | TLiveSourceConflict | undefined> {
      try {
        const [row] = await db
          .update(liveSource)
          .set({ ...values, updatedAt: sql`now()` })
          .where(ofTenant(tenantId, id))
          .returning();
        return row;
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) return conflict;
        throw error;
      }
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db.delete(liveSource).where(ofTenant(tenantId, id)).returning({ id: liveSource.id });
      return rows.length > 0;
    },
  };
}
