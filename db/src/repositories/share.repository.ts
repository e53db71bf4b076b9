import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { share, shareEmail, shareItem, shareVisit } from '../schema';
import type { TShareType } from '../schema/share.table';

export type TShareRow = typeof share.$inferSelect;
export type TShareInsert = Omit<typeof share.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export type TSharePatch = Partial<
  Pick<
    TShareRow,
    | 'pageTitle'
    | 'passwordHash'
    | 'expiresAt'
    | 'maxViews'
    | 'allowDownload'
    | 'metadataAccess'
    | 'allowComments'
    | 'webProxy'
    | 'editProxy'
    | 'highRes'
    | 'message'
    | 'revokedAt'
  >
>;
export type TShareVisitRow = typeof shareVisit.$inferSelect;
export type TShareEmailRow = typeof shareEmail.$inferSelect;

/**
 * Shares and upload requests with their items, unique visitors and e-mail history. Every function is scoped by
 * tenant except the public lookup by token hash, which is how an anonymous visitor's tenant is found.
 */
export function createShareRepository(db: Database) {
  return {
    async insert(tenantId: string, values: TShareInsert, itemIds: string[] = []): Promise<TShareRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(share)
          .values({ ...values, tenantId })
          .returning();
        if (itemIds.length > 0) {
          await tx
            .insert(shareItem)
            .values(itemIds.map((itemId, position) => ({ tenantId, shareId: row!.id, itemId, position })));
        }
        return row!;
      });
    },
    /** The one lookup without a tenant: the caller continues with the tenant id of the row it gets. */
    async findByTokenHash(tokenHash: string): Promise<TShareRow | undefined> {
      const [row] = await db.select().from(share).where(eq(share.tokenHash, tokenHash));
      return row;
    },
    async findById(tenantId: string, id: string): Promise<TShareRow | undefined> {
      const [row] = await db
        .select()
        .from(share)
        .where(and(eq(share.tenantId, tenantId), eq(share.id, id)));
      return row;
    },
    /** Newest first; one creator's when `createdBy` is given, else the tenant's. */
    async list(tenantId: string, query: { type: TShareType; createdBy?: string; limit: number }): Promise<TShareRow[]> {
      return db
        .select()
        .from(share)
        .where(
          and(
            eq(share.tenantId, tenantId),
            eq(share.type, query.type),
            query.createdBy === undefined ? undefined : eq(share.createdBy, query.createdBy),
          ),
        )
        .orderBy(desc(share.createdAt), desc(share.id))
        .limit(query.limit);
    },
    async update(tenantId: string, id: string, patch: TSharePatch): Promise<TShareRow | undefined> {
      const [row] = await db
        .update(share)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(share.tenantId, tenantId), eq(share.id, id)))
        .returning();
      return row;
    },
    /** Item ids in the owner's order. */
    async listItemIds(tenantId: string, shareId: string): Promise<string[]> {
      const rows = await db
        .select({ itemId: shareItem.itemId })
        .from(shareItem)
        .where(and(eq(shareItem.tenantId, tenantId), eq(shareItem.shareId, shareId)))
        .orderBy(asc(shareItem.position));
      return rows.map((r) => r.itemId);
    },
    async countItems(tenantId: string, shareIds: string[]): Promise<Map<string, number>> {
      if (shareIds.length === 0) return new Map();
      const rows = await db
        .select({ shareId: shareItem.shareId, count: sql<number>`count(*)::int` })
        .from(shareItem)
        .where(and(eq(shareItem.tenantId, tenantId), inArray(shareItem.shareId, shareIds)))
        .groupBy(shareItem.shareId);
      return new Map(rows.map((r) => [r.shareId, r.count]));
    },
    /**
     * Uses one view, atomically: refused (undefined) when the limit is reached, so concurrent first visits can
     * never use more views than the share has.
     */
    async useView(tenantId: string, id: string, now: Date): Promise<TShareRow | undefined> {
      const [row] = await db
        .update(share)
        .set({ viewsUsed: sql`${share.viewsUsed} + 1`, lastViewedAt: now })
        .where(
          and(
            eq(share.tenantId, tenantId),
            eq(share.id, id),
            or(isNull(share.maxViews), lt(share.viewsUsed, share.maxViews)),
          ),
        )
        .returning();
      return row;
    },
    async findVisit(tenantId: string, shareId: string, visitorHash: string): Promise<TShareVisitRow | undefined> {
      const [row] = await db
        .select()
        .from(shareVisit)
        .where(
          and(
            eq(shareVisit.tenantId, tenantId),
            eq(shareVisit.shareId, shareId),
            eq(shareVisit.visitorHash, visitorHash),
          ),
        );
      return row;
    },
    /** Undefined when this visitor was already recorded (a concurrent first visit won). */
    async insertVisit(tenantId: string, shareId: string, visitorHash: string): Promise<TShareVisitRow | undefined> {
      const [row] = await db
        .insert(shareVisit)
        .values({ tenantId, shareId, visitorHash })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async deleteVisit(tenantId: string, id: string): Promise<void> {
      await db.delete(shareVisit).where(and(eq(shareVisit.tenantId, tenantId), eq(shareVisit.id, id)));
    },
    async touchVisit(
      tenantId: string,
      id: string,
      patch: { lastSeenAt: Date; reviewerName?: string },
    ): Promise<TShareVisitRow | undefined> {
      const [row] = await db
        .update(shareVisit)
        .set(patch)
        .where(and(eq(shareVisit.tenantId, tenantId), eq(shareVisit.id, id)))
        .returning();
      return row;
    },
    async countVisits(tenantId: string, shareIds: string[]): Promise<Map<string, number>> {
      if (shareIds.length === 0) return new Map();
      const rows = await db
        .select({ shareId: shareVisit.shareId, count: sql<number>`count(*)::int` })
        .from(shareVisit)
        .where(and(eq(shareVisit.tenantId, tenantId), inArray(shareVisit.shareId, shareIds)))
        .groupBy(shareVisit.shareId);
      return new Map(rows.map((r) => [r.shareId, r.count]));
    },
    /** One more download on the share, and on the visitor's row when known. */
    async addDownload(tenantId: string, shareId: string, visitId: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(share)
          .set({ downloads: sql`${share.downloads} + 1` })
          .where(and(eq(share.tenantId, tenantId), eq(share.id, shareId)));
        if (visitId) {
          await tx
            .update(shareVisit)
            .set({ downloads: sql`${shareVisit.downloads} + 1` })
            .where(and(eq(shareVisit.tenantId, tenantId), eq(shareVisit.id, visitId)));
        }
      });
    },
    async insertEmail(
      tenantId: string,
      values: { shareId: string; recipient: string; message: string | null; sentBy: string | null },
    ): Promise<TShareEmailRow> {
      const [row] = await db
        .insert(shareEmail)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    /** Newest first. */
    async listEmails(tenantId: string, shareId: string): Promise<TShareEmailRow[]> {
      return db
        .select()
        .from(shareEmail)
        .where(and(eq(shareEmail.tenantId, tenantId), eq(shareEmail.shareId, shareId)))
        .orderBy(desc(shareEmail.sentAt), desc(shareEmail.id));
    },
  };
}
