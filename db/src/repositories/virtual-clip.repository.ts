import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client/database';
import { virtualClip } from '../schema';

export type TVirtualClipRow = typeof virtualClip.$inferSelect;

export function createVirtualClipRepository(db: Database) {
  return {
    async findByItemId(tenantId: string, itemId: string): Promise<TVirtualClipRow | undefined> {
      const [row] = await db
        .select()
        .from(virtualClip)
        .where(and(eq(virtualClip.tenantId, tenantId), eq(virtualClip.itemId, itemId)));
      return row;
    },
    async findManyByItemIds(tenantId: string, itemIds: readonly string[]): Promise<TVirtualClipRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select()
        .from(virtualClip)
        .where(and(eq(virtualClip.tenantId, tenantId), inArray(virtualClip.itemId, [...itemIds])));
    },
    async insert(tenantId: string, values: Omit<TVirtualClipRow, 'tenantId'>): Promise<TVirtualClipRow> {
      const [row] = await db
        .insert(virtualClip)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
  };
}
