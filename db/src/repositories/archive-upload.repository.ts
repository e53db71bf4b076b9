import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { archiveUpload, type TArchiveUploadPart } from '../schema';

export type TArchiveUploadRow = typeof archiveUpload.$inferSelect;

/** Where one archive copy goes: a version's original, to a key of a storage location. */
export interface TArchiveUploadTarget {
  tenantId: string;
  versionId: string;
  storageId: string;
  key: string;
}

/** The multipart uploads of archive copies under way, one per target, with the parts stored so far. */
export function createArchiveUploadRepository(db: Database) {
  const ofTarget = (t: TArchiveUploadTarget) =>
    and(
      eq(archiveUpload.tenantId, t.tenantId),
      eq(archiveUpload.versionId, t.versionId),
      eq(archiveUpload.storageId, t.storageId),
      eq(archiveUpload.key, t.key),
    );

  return {
    async find(target: TArchiveUploadTarget): Promise<TArchiveUploadRow | undefined> {
      const [row] = await db.select().from(archiveUpload).where(ofTarget(target));
      return row;
    },

    /** Records a new upload for the target, replacing one given up on. */
    async begin(
      target: TArchiveUploadTarget,
      upload: { uploadId: string; partSize: number; size: number },
    ): Promise<TArchiveUploadRow> {
      const [row] = await db
        .insert(archiveUpload)
        .values({ ...target, ...upload, parts: [] })
        .onConflictDoUpdate({
          target: [archiveUpload.tenantId, archiveUpload.versionId, archiveUpload.storageId, archiveUpload.key],
          set: { ...upload, parts: [], updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    /** Appends one acknowledged part to the upload `uploadId` (a stale attempt's part of another upload is dropped). */
    async addPart(target: TArchiveUploadTarget, uploadId: string, part: TArchiveUploadPart): Promise<void> {
      await db
        .update(archiveUpload)
        .set({
          parts: sql`${archiveUpload.parts} || ${JSON.stringify([part])}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(and(ofTarget(target), eq(archiveUpload.uploadId, uploadId)));
    },

    async remove(target: TArchiveUploadTarget): Promise<void> {
      await db.delete(archiveUpload).where(ofTarget(target));
    },

    /** The tenants with recorded uploads: each needs its scheduled cleanup running. */
    async tenantsWithUploads(): Promise<string[]> {
      const rows = await db.selectDistinct({ tenantId: archiveUpload.tenantId }).from(archiveUpload);
      return rows.map((row) => row.tenantId);
    },

    /** The tenant's recorded uploads, oldest activity first: what the abandoned-upload cleanup goes through. */
    async listForTenant(tenantId: string, limit = 500): Promise<TArchiveUploadRow[]> {
      return db
        .select()
        .from(archiveUpload)
        .where(eq(archiveUpload.tenantId, tenantId))
        .orderBy(archiveUpload.updatedAt)
        .limit(limit);
    },

    /**
     * Drops the record of the upload `uploadId` once it is aborted; an attempt that began another upload for the same
     * target meanwhile keeps its record.
     */
    async removeUpload(tenantId: string, id: string, uploadId: string): Promise<boolean> {
      const removed = await db
        .delete(archiveUpload)
        .where(
          and(eq(archiveUpload.tenantId, tenantId), eq(archiveUpload.id, id), eq(archiveUpload.uploadId, uploadId)),
        )
        .returning({ id: archiveUpload.id });
      return removed.length > 0;
    },
  };
}
