import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { isUniqueViolation } from '../client/database-errors';
import { metadataForm } from '../schema';

export type TMetadataFormRow = typeof metadataForm.$inferSelect;
export type TMetadataFormInsert = Pick<
  typeof metadataForm.$inferInsert,
  'formKey' | 'label' | 'active' | 'builtIn' | 'definition' | 'createdBy'
>;
export type TMetadataFormPatch = Partial<Pick<TMetadataFormRow, 'formKey' | 'label' | 'active' | 'definition'>>;

export function createMetadataFormRepository(db: Database) {
  return {
    async list(tenantId: string): Promise<TMetadataFormRow[]> {
      return db
        .select()
        .from(metadataForm)
        .where(eq(metadataForm.tenantId, tenantId))
        .orderBy(sql`${metadataForm.builtIn} IS NULL`, asc(metadataForm.label));
    },
    async findById(tenantId: string, id: string): Promise<TMetadataFormRow | undefined> {
      const [row] = await db
        .select()
        .from(metadataForm)
        .where(and(eq(metadataForm.tenantId, tenantId), eq(metadataForm.id, id)));
      return row;
    },
    /** Inserts, or returns undefined when the key or the label (any case) is taken in this tenant. */
    async insert(tenantId: string, values: TMetadataFormInsert): Promise<TMetadataFormRow | undefined> {
      const [row] = await db
        .insert(metadataForm)
        .values({ ...values, tenantId })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /**
     * Saves over `revision` only: an editor working from an older revision gets 'stale' instead of overwriting
     * someone else's change; 'taken' when the new key or label belongs to another form.
     */
    async update(
      tenantId: string,
      id: string,
      revision: number,
      patch: TMetadataFormPatch,
    ): Promise<TMetadataFormRow | 'stale' | 'taken' | undefined> {
      try {
        const [row] = await db
          .update(metadataForm)
          .set({ ...patch, revision: sql`${metadataForm.revision} + 1`, updatedAt: sql`now()` })
          .where(and(eq(metadataForm.tenantId, tenantId), eq(metadataForm.id, id), eq(metadataForm.revision, revision)))
          .returning();
        if (row) return row;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
      return (await this.findById(tenantId, id)) ? 'stale' : undefined;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(metadataForm)
        .where(and(eq(metadataForm.tenantId, tenantId), eq(metadataForm.id, id)))
        .returning({ id: metadataForm.id });
      return rows.length > 0;
    },
  };
}
