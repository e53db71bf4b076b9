import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../client/database';
import { folder, item } from '../schema';

export type TFolderRow = typeof folder.$inferSelect;
export type TFolderInsert = Pick<
  typeof folder.$inferInsert,
  'parentId' | 'name' | 'ownerId' | 'visibleTo' | 'updatableBy'
>;
export type TFolderPatch = Partial<Pick<TFolderRow, 'parentId' | 'name' | 'ownerId' | 'visibleTo' | 'updatableBy'>>;

/** What access checks need of a live item inside a folder about to be deleted. */
export interface TFolderItemAccess {
  id: string;
  tenantId: string;
  ownerId: string | null;
  createdBy: string | null;
  visibleTo: TFolderRow['visibleTo'];
  updatableBy: TFolderRow['updatableBy'];
}

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
    /** Every folder of the tenant, by name; the service builds the tree (tenants have hundreds, not millions). */
    async listAll(tenantId: string): Promise<TFolderRow[]> {
      return db.select().from(folder).where(eq(folder.tenantId, tenantId)).orderBy(asc(folder.name), asc(folder.id));
    },
    async insert(tenantId: string, values: TFolderInsert): Promise<TFolderRow> {
      const [row] = await db
        .insert(folder)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async update(tenantId: string, id: string, patch: TFolderPatch): Promise<TFolderRow | undefined> {
      const [row] = await db
        .update(folder)
        .set(patch)
        .where(and(eq(folder.tenantId, tenantId), eq(folder.id, id)))
        .returning();
      return row;
    },
    /** Removes the folder; its subfolders go with it (cascade) and its items lose their folder (set null). */
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(folder)
        .where(and(eq(folder.tenantId, tenantId), eq(folder.id, id)))
        .returning({ id: folder.id });
      return rows.length > 0;
    },
    /** The live (not deleted) items of these folders, with what access checks need. */
    async liveItemsIn(tenantId: string, folderIds: string[]): Promise<TFolderItemAccess[]> {
      if (folderIds.length === 0) return [];
      return db
        .select({
          id: item.id,
          tenantId: item.tenantId,
          ownerId: item.ownerId,
          createdBy: item.createdBy,
          visibleTo: item.visibleTo,
          updatableBy: item.updatableBy,
        })
        .from(item)
        .where(and(eq(item.tenantId, tenantId), inArray(item.folderId, folderIds), isNull(item.deletedAt)));
    },
  };
}
