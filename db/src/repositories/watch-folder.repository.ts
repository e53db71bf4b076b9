import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client/database';
import { watchFolder, watchFolderFile } from '../schema';

export type TWatchFolderRow = typeof watchFolder.$inferSelect;
export type TWatchFolderInsert = Pick<
  typeof watchFolder.$inferInsert,
  'storageId' | 'subpath' | 'folderId' | 'enabled' | 'stableSeconds' | 'createdBy'
>;
export type TWatchFolderPatch = Partial<Pick<TWatchFolderRow, 'folderId' | 'enabled' | 'stableSeconds' | 'subpath'>>;
export interface TWatchFolderFileKey {
  watchFolderId: string;
  key: string;
  size: number;
  version: string;
}

const fileColumns = {
  watchFolderId: watchFolderFile.watchFolderId,
  key: watchFolderFile.key,
  size: watchFolderFile.size,
  version: watchFolderFile.version,
};

export function createWatchFolderRepository(db: Database) {
  const ofTenant = (tenantId: string, id: string) => and(eq(watchFolder.tenantId, tenantId), eq(watchFolder.id, id));
  const fileOf = (tenantId: string, file: TWatchFolderFileKey) =>
    and(
      eq(watchFolderFile.tenantId, tenantId),
      eq(watchFolderFile.watchFolderId, file.watchFolderId),
      eq(watchFolderFile.key, file.key),
      eq(watchFolderFile.size, file.size),
      eq(watchFolderFile.version, file.version),
    );
  return {
    async insert(tenantId: string, values: TWatchFolderInsert): Promise<TWatchFolderRow> {
      const [row] = await db
        .insert(watchFolder)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async findById(tenantId: string, id: string): Promise<TWatchFolderRow | undefined> {
      const [row] = await db.select().from(watchFolder).where(ofTenant(tenantId, id));
      return row;
    },
    async findByPath(tenantId: string, storageId: string, subpath: string): Promise<TWatchFolderRow | undefined> {
      const [row] = await db
        .select()
        .from(watchFolder)
        .where(
          and(
            eq(watchFolder.tenantId, tenantId),
            eq(watchFolder.storageId, storageId),
            eq(watchFolder.subpath, subpath),
          ),
        );
      return row;
    },
    async list(tenantId: string): Promise<TWatchFolderRow[]> {
      return db
        .select()
        .from(watchFolder)
        .where(eq(watchFolder.tenantId, tenantId))
        .orderBy(desc(watchFolder.createdAt));
    },
    /** Every tenant's enabled watch folders: their workflows are (re)started when the server starts. */
    async listEnabled(): Promise<TWatchFolderRow[]> {
      return db.select().from(watchFolder).where(eq(watchFolder.enabled, true));
    },
    async update(tenantId: string, id: string, patch: TWatchFolderPatch): Promise<TWatchFolderRow | undefined> {
      const [row] = await db
        .update(watchFolder)
        .set({ ...patch, updatedAt: new Date() })
        .where(ofTenant(tenantId, id))
        .returning();
      return row;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db.delete(watchFolder).where(ofTenant(tenantId, id)).returning({ id: watchFolder.id });
      return rows.length > 0;
    },
    /** Files ingested per watch folder of the tenant. */
    async ingestedCounts(tenantId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ watchFolderId: watchFolderFile.watchFolderId, n: count() })
        .from(watchFolderFile)
        .where(eq(watchFolderFile.tenantId, tenantId))
        .groupBy(watchFolderFile.watchFolderId);
      return new Map(rows.map((row) => [row.watchFolderId, Number(row.n)]));
    },
    /** Which of these files the watch folder already ingested (any size or version: the caller compares). */
    async claimedFiles(tenantId: string, watchFolderId: string, keys: string[]): Promise<TWatchFolderFileKey[]> {
      if (keys.length === 0) return [];
      return db
        .select(fileColumns)
        .from(watchFolderFile)
        .where(
          and(
            eq(watchFolderFile.tenantId, tenantId),
            eq(watchFolderFile.watchFolderId, watchFolderId),
            inArray(watchFolderFile.key, keys),
          ),
        );
    },
    async listFiles(
      tenantId: string,
      watchFolderId: string,
    ): Promise<Array<TWatchFolderFileKey & { itemId: string | null }>> {
      return db
        .select({ ...fileColumns, itemId: watchFolderFile.itemId })
        .from(watchFolderFile)
        .where(and(eq(watchFolderFile.tenantId, tenantId), eq(watchFolderFile.watchFolderId, watchFolderId)))
        .orderBy(watchFolderFile.key);
    },
    /** False when the file was claimed already (a poll run again after a restart). */
    async claimFile(tenantId: string, file: TWatchFolderFileKey): Promise<boolean> {
      const rows = await db
        .insert(watchFolderFile)
        .values({ ...file, tenantId })
        .onConflictDoNothing()
        .returning({ id: watchFolderFile.id });
      return rows.length > 0;
    },
    async linkItem(tenantId: string, file: TWatchFolderFileKey, itemId: string): Promise<void> {
      await db.update(watchFolderFile).set({ itemId }).where(fileOf(tenantId, file));
    },
  };
}
