import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { isUniqueViolation } from '../client/database-errors';
import { renderPreset } from '../schema';

export type TRenderPresetRow = typeof renderPreset.$inferSelect;
export type TRenderPresetInsert = Pick<
  typeof renderPreset.$inferInsert,
  | 'name'
  | 'hidden'
  | 'fallbackPresetId'
  | 'startTimecode'
  | 'overrideStartTimecode'
  | 'capabilities'
  | 'mode'
  | 'isDefault'
  | 'settings'
>;
export type TRenderPresetPatch = Omit<TRenderPresetInsert, 'isDefault'>;

export function createRenderPresetRepository(db: Database) {
  const ofTenant = (tenantId: string, id: string) => and(eq(renderPreset.tenantId, tenantId), eq(renderPreset.id, id));

  /** Clears the flag on the tenant's presets, then sets it on `id` (when given): the unique index allows one. */
  async function moveFlag(tenantId: string, flag: 'isDefault' | 'isSubclipPreset', id: string | null) {
    await db
      .update(renderPreset)
      .set({ [flag]: false })
      .where(and(eq(renderPreset.tenantId, tenantId), eq(renderPreset[flag], true)));
    if (id === null) return true;
    const rows = await db
      .update(renderPreset)
      .set({ [flag]: true })
      .where(ofTenant(tenantId, id))
      .returning({ id: renderPreset.id });
    return rows.length > 0;
  }

  return {
    async list(tenantId: string): Promise<TRenderPresetRow[]> {
      return db
        .select()
        .from(renderPreset)
        .where(eq(renderPreset.tenantId, tenantId))
        .orderBy(asc(sql`lower(${renderPreset.name})`));
    },
    async findById(tenantId: string, id: string): Promise<TRenderPresetRow | undefined> {
      const [row] = await db.select().from(renderPreset).where(ofTenant(tenantId, id));
      return row;
    },
    /** 'taken' when the tenant has a preset of that name (any case). */
    async insert(tenantId: string, values: TRenderPresetInsert): Promise<TRenderPresetRow | 'taken'> {
      try {
        const [row] = await db
          .insert(renderPreset)
          .values({ ...values, tenantId })
          .returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error, 'render_preset_name_idx')) return 'taken';
        throw error;
      }
    },
    async update(
      tenantId: string,
      id: string,
      patch: TRenderPresetPatch,
    ): Promise<TRenderPresetRow | 'taken' | undefined> {
      try {
        const [row] = await db
          .update(renderPreset)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(ofTenant(tenantId, id))
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error, 'render_preset_name_idx')) return 'taken';
        throw error;
      }
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db.delete(renderPreset).where(ofTenant(tenantId, id)).returning({ id: renderPreset.id });
      return rows.length > 0;
    },
    /** Makes `id` the tenant's one default; false when it is not the tenant's. Run it in a transaction. */
    setDefault(tenantId: string, id: string): Promise<boolean> {
      return moveFlag(tenantId, 'isDefault', id);
    },
    /** Makes `id` (or none) the tenant's subclip preset; false when it is not the tenant's. Run it in a transaction. */
    setSubclipPreset(tenantId: string, id: string | null): Promise<boolean> {
      return moveFlag(tenantId, 'isSubclipPreset', id);
    },
  };
}
