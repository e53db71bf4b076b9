import { and, arrayContains, arrayOverlaps, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { itemVersion, storageLocation, type TStorageType } from '../schema';

export type TStorageLocationRow = typeof storageLocation.$inferSelect;
export type TStorageLocationInsert = Omit<
  typeof storageLocation.$inferInsert,
  'id' | 'tenantId' | 'revision' | 'createdAt' | 'updatedAt'
>;
export type TStorageLocationPatch = Partial<
  Pick<
    TStorageLocationInsert,
    | 'name'
    | 'description'
    | 'kind'
    | 'types'
    | 'defaultTypes'
    | 'config'
    | 'encryptedSecret'
    | 'enableDeletion'
    | 'externallyReplicated'
  >
>;

export function createStorageLocationRepository(db: Database) {
  return {
    /** The built-in location first, then by age. */
    async list(tenantId: string): Promise<TStorageLocationRow[]> {
      return db
        .select()
        .from(storageLocation)
        .where(eq(storageLocation.tenantId, tenantId))
        .orderBy(desc(storageLocation.builtIn), asc(storageLocation.createdAt), asc(storageLocation.id));
    },
    async findById(tenantId: string, id: string): Promise<TStorageLocationRow | undefined> {
      const [row] = await db
        .select()
        .from(storageLocation)
        .where(and(eq(storageLocation.tenantId, tenantId), eq(storageLocation.id, id)));
      return row;
    },
    async findBuiltIn(tenantId: string): Promise<TStorageLocationRow | undefined> {
      const [row] = await db
        .select()
        .from(storageLocation)
        .where(and(eq(storageLocation.tenantId, tenantId), eq(storageLocation.builtIn, true)));
      return row;
    },
    /**
     * Where new files of `type` go: the location marked default for it, else the built-in one if it has the type,
     * else the oldest location with the type.
     */
    async findDefault(tenantId: string, type: TStorageType): Promise<TStorageLocationRow | undefined> {
      const [row] = await db
        .select()
        .from(storageLocation)
        .where(and(eq(storageLocation.tenantId, tenantId), arrayContains(storageLocation.types, [type])))
        .orderBy(
          desc(arrayContains(storageLocation.defaultTypes, [type])),
          desc(storageLocation.builtIn),
          asc(storageLocation.createdAt),
          asc(storageLocation.id),
        )
        .limit(1);
      return row;
    },
    async insert(tenantId: string, values: TStorageLocationInsert): Promise<TStorageLocationRow> {
      const [row] = await db
        .insert(storageLocation)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    /** Creates the built-in location unless the tenant has one already (safe to race). */
    async ensureBuiltIn(tenantId: string, values: TStorageLocationInsert): Promise<TStorageLocationRow | undefined> {
      await db
        .insert(storageLocation)
        .values({ ...values, tenantId, builtIn: true })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(storageLocation)
        .where(and(eq(storageLocation.tenantId, tenantId), eq(storageLocation.builtIn, true)));
      return row;
    },
    async update(tenantId: string, id: string, patch: TStorageLocationPatch): Promise<TStorageLocationRow | undefined> {
      const [row] = await db
        .update(storageLocation)
        .set({ ...patch, revision: sql`${storageLocation.revision} + 1`, updatedAt: sql`now()` })
        .where(and(eq(storageLocation.tenantId, tenantId), eq(storageLocation.id, id)))
        .returning();
      return row;
    },
    /** Takes `types` off every other location's defaults, so each type has one default. */
    async clearDefaults(tenantId: string, types: TStorageType[], exceptId: string | null): Promise<void> {
      if (types.length === 0) return;
      const rows = await db
        .select({ id: storageLocation.id, defaultTypes: storageLocation.defaultTypes })
        .from(storageLocation)
        .where(
          and(
            eq(storageLocation.tenantId, tenantId),
            arrayOverlaps(storageLocation.defaultTypes, types),
            exceptId ? ne(storageLocation.id, exceptId) : undefined,
          ),
        );
      for (const row of rows) {
        await db
          .update(storageLocation)
          .set({ defaultTypes: row.defaultTypes.filter((t) => !types.includes(t)) })
          .where(and(eq(storageLocation.tenantId, tenantId), eq(storageLocation.id, row.id)));
      }
    },
    async countWithType(tenantId: string, type: TStorageType): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(storageLocation)
        .where(and(eq(storageLocation.tenantId, tenantId), arrayContains(storageLocation.types, [type])));
      return row?.count ?? 0;
    },
    /** Item versions whose original or generated media live in the location. */
    async countVersionsUsing(tenantId: string, id: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(itemVersion)
        .where(
          and(
            eq(itemVersion.tenantId, tenantId),
            or(eq(itemVersion.storageId, id), eq(itemVersion.generatedStorageId, id)),
          ),
        );
      return row?.count ?? 0;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(storageLocation)
        .where(and(eq(storageLocation.tenantId, tenantId), eq(storageLocation.id, id)))
        .returning({ id: storageLocation.id });
      return rows.length > 0;
    },
  };
}
