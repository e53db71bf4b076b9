import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { uploadRequestFile } from '../schema';

export type TUploadRequestFileRow = typeof uploadRequestFile.$inferSelect;

/**
 * The files that arrived through upload requests (the requests themselves are shares of type 'upload_request',
 * kept by the share repository). Every function is scoped by tenant.
 */
export function createUploadRequestRepository(db: Database) {
  return {
    async recordFile(
      tenantId: string,
      values: { shareId: string; itemId: string; contributorName: string; fileName: string },
    ): Promise<TUploadRequestFileRow> {
      const [row] = await db
        .insert(uploadRequestFile)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async findFileByItem(tenantId: string, itemId: string): Promise<TUploadRequestFileRow | undefined> {
      const [row] = await db
        .select()
        .from(uploadRequestFile)
        .where(and(eq(uploadRequestFile.tenantId, tenantId), eq(uploadRequestFile.itemId, itemId)));
      return row;
    },
    /** Files received per request (an abandoned upload takes its row with its item). */
    async countFiles(tenantId: string, shareIds: string[]): Promise<Map<string, number>> {
      if (shareIds.length === 0) return new Map();
      const rows = await db
        .select({ shareId: uploadRequestFile.shareId, files: sql<number>`count(*)::int` })
        .from(uploadRequestFile)
        .where(and(eq(uploadRequestFile.tenantId, tenantId), inArray(uploadRequestFile.shareId, shareIds)))
        .groupBy(uploadRequestFile.shareId);
      return new Map(rows.map((r) => [r.shareId, r.files]));
    },
  };
}
