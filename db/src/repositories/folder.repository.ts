import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client/database';
import { folder } from '../schema';

export type TFolderRow = typeof folder.$inferSelect;

export function createFolderRepository(db: Database) {
  return {
    async findRoot(tenantId: string): Promise<TFolderRow | undefined> {
      const [row] = await db
        .select()
        .from(folder)
        .where(and(eq(folder.tenantId, tenantId), isNull(folder.parentId)));
      return row;
    },
    async findById(tenantId: string, id: string): Promise<TFolderRow | undefined> {
      const [row] = await db
        .select()
        .from(folder)
        .where(and(eq(folder.tenantId, tenantId), eq(folder.id, id)));
      return row;
    },
    /** Idempotent: a second call returns the existing root. */
    async ensureRoot(tenantId: string, name: string, ownerId: string | null): Promise<TFolderRow> {
      await db.insert(folder).values({ tenantId, name, ownerId, parentId: null }).onConflictDoNothing();
      const root = await this.findRoot(tenantId);
      return root!;
    },
  };
}
