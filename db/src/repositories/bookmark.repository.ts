import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { bookmark } from '../schema';

export type TBookmarkRow = typeof bookmark.$inferSelect;
export type TBookmarkInsert = Omit<typeof bookmark.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export type TBookmarkPatch = Partial<
  Pick<TBookmarkRow, 'title' | 'target' | 'icon' | 'isFilter' | 'visibleGroups' | 'sortOrder'>
>;

export function createBookmarkRepository(db: Database) {
  return {
    /** The user's private bookmarks and every system bookmark; the caller filters system ones by group. */
    async listFor(tenantId: string, userId: string): Promise<TBookmarkRow[]> {
      return db
        .select()
        .from(bookmark)
        .where(
          and(
            eq(bookmark.tenantId, tenantId),
            or(eq(bookmark.scope, 'system'), and(eq(bookmark.scope, 'private'), eq(bookmark.ownerId, userId))),
          ),
        )
        .orderBy(asc(bookmark.scope), asc(bookmark.sortOrder), asc(bookmark.createdAt));
    },
    async findById(tenantId: string, id: string): Promise<TBookmarkRow | undefined> {
      const [row] = await db
        .select()
        .from(bookmark)
        .where(and(eq(bookmark.tenantId, tenantId), eq(bookmark.id, id)));
      return row;
    },
    async insert(tenantId: string, values: TBookmarkInsert): Promise<TBookmarkRow> {
      const [row] = await db
        .insert(bookmark)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async update(tenantId: string, id: string, patch: TBookmarkPatch): Promise<TBookmarkRow | undefined> {
      const [row] = await db
        .update(bookmark)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(bookmark.tenantId, tenantId), eq(bookmark.id, id)))
        .returning();
      return row;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(bookmark)
        .where(and(eq(bookmark.tenantId, tenantId), eq(bookmark.id, id)))
        .returning({ id: bookmark.id });
      return rows.length > 0;
    },
  };
}
