import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '../client/database';
import { itemRelation, type TItemRelationKind } from '../schema';

export type TItemRelationRow = typeof itemRelation.$inferSelect;

export function createItemRelationRepository(db: Database) {
  return {
    /** Relations from and to the item, oldest first. */
    async listForItem(tenantId: string, itemId: string): Promise<TItemRelationRow[]> {
      return db
        .select()
        .from(itemRelation)
        .where(
          and(
            eq(itemRelation.tenantId, tenantId),
            or(eq(itemRelation.fromItemId, itemId), eq(itemRelation.toItemId, itemId)),
          ),
        )
        .orderBy(asc(itemRelation.createdAt), asc(itemRelation.id));
    },
    async findById(tenantId: string, id: string): Promise<TItemRelationRow | undefined> {
      const [row] = await db
        .select()
        .from(itemRelation)
        .where(and(eq(itemRelation.tenantId, tenantId), eq(itemRelation.id, id)));
      return row;
    },
    /** Undefined when the same relation exists already. */
    async insert(
      tenantId: string,
      values: { fromItemId: string; toItemId: string; kind: TItemRelationKind; createdBy: string | null },
    ): Promise<TItemRelationRow | undefined> {
      const [row] = await db
        .insert(itemRelation)
        .values({ ...values, tenantId })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(itemRelation)
        .where(and(eq(itemRelation.tenantId, tenantId), eq(itemRelation.id, id)))
        .returning({ id: itemRelation.id });
      return rows.length > 0;
    },
  };
}
