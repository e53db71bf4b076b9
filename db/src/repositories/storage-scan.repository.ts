import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { itemVersion, storageScan, storageScanFile } from '../schema';

export type TStorageScanRow = typeof storageScan.$inferSelect;
export type TStorageScanInsert = Pick<
  typeof storageScan.$inferInsert,
  'storageId' | 'folderId' | 'modifiedFrom' | 'modifiedTo' | 'workflowId' | 'createdBy'
>;
export interface TScanFileKey {
  storageId: string;
  key: string;
  size: number;
  fingerprint: string;
}

const fileColumns = {
  storageId: storageScanFile.storageId,
  key: storageScanFile.key,
  size: storageScanFile.size,
  fingerprint: storageScanFile.fingerprint,
};

export function createStorageScanRepository(db: Database) {
  const ofTenant = (tenantId: string, id: string) => and(eq(storageScan.tenantId, tenantId), eq(storageScan.id, id));
  return {
    async insert(tenantId: string, values: TStorageScanInsert): Promise<TStorageScanRow> {
      const [row] = await db
        .insert(storageScan)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async findById(tenantId: string, id: string): Promise<TStorageScanRow | undefined> {
      const [row] = await db.select().from(storageScan).where(ofTenant(tenantId, id));
      return row;
    },
    async listForStorage(tenantId: string, storageId: string, limit: number): Promise<TStorageScanRow[]> {
      return db
        .select()
        .from(storageScan)
        .where(and(eq(storageScan.tenantId, tenantId), eq(storageScan.storageId, storageId)))
        .orderBy(desc(storageScan.createdAt))
        .limit(limit);
    },
    /** Adds one page's counts; a page run again after a crash counts its files as skipped the second time. */
    async addCounts(
      tenantId: string,
      id: string,
      counts: { seen: number; created: number; skipped: number },
    ): Promise<void> {
      await db
        .update(storageScan)
        .set({
          filesSeen: sql`${storageScan.filesSeen} + ${counts.seen}`,
          itemsCreated: sql`${storageScan.itemsCreated} + ${counts.created}`,
          filesSkipped: sql`${storageScan.filesSkipped} + ${counts.skipped}`,
        })
        .where(ofTenant(tenantId, id));
    },
    async finish(tenantId: string, id: string, status: 'completed' | 'failed', error: string | null): Promise<void> {
      await db.update(storageScan).set({ status, error, finishedAt: new Date() }).where(ofTenant(tenantId, id));
    },
    /** Which of these files are already items. */
    async knownFiles(tenantId: string, storageId: string, keys: string[]): Promise<TScanFileKey[]> {
      if (keys.length === 0) return [];
      return db
        .select(fileColumns)
        .from(storageScanFile)
        .where(
          and(
            eq(storageScanFile.tenantId, tenantId),
            eq(storageScanFile.storageId, storageId),
            inArray(storageScanFile.key, keys),
          ),
        );
    },
    /** Which of these keys are originals uploaded into the location (scanned ones have no upload id). */
    async storedOriginals(tenantId: string, storageId: string, keys: string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const rows = await db
        .select({ key: itemVersion.originalKey })
        .from(itemVersion)
        .where(
          and(
            eq(itemVersion.tenantId, tenantId),
            eq(itemVersion.storageId, storageId),
            inArray(itemVersion.originalKey, keys),
            isNotNull(itemVersion.uploadId),
          ),
        );
      return rows.flatMap((row) => (row.key ? [row.key] : []));
    },
    /** The files of a location that are items, by key. */
    async listFiles(tenantId: string, storageId: string): Promise<Array<TScanFileKey & { itemId: string | null }>> {
      return db
        .select({ ...fileColumns, itemId: storageScanFile.itemId })
        .from(storageScanFile)
        .where(and(eq(storageScanFile.tenantId, tenantId), eq(storageScanFile.storageId, storageId)))
        .orderBy(storageScanFile.key);
    },
    /** False when the file was already known (another page run or scan claimed it first). */
    async claimFile(tenantId: string, file: TScanFileKey): Promise<boolean> {
      const rows = await db
        .insert(storageScanFile)
        .values({ ...file, tenantId })
        .onConflictDoNothing()
        .returning({ id: storageScanFile.id });
      return rows.length > 0;
    },
    async linkItem(tenantId: string, file: TScanFileKey, itemId: string): Promise<void> {
      await db
        .update(storageScanFile)
        .set({ itemId })
        .where(
          and(
            eq(storageScanFile.tenantId, tenantId),
            eq(storageScanFile.storageId, file.storageId),
            eq(storageScanFile.key, file.key),
            eq(storageScanFile.size, file.size),
            eq(storageScanFile.fingerprint, file.fingerprint),
          ),
        );
    },
  };
}
