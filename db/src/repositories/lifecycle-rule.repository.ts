import type { TLifecycleCandidate, TLifecycleRuleAction, TLifecycleRunResult } from '@mam/core';
import { and, asc, eq, gt, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { highresDeletion, item, itemVersion, lifecycleRule } from '../schema';

export type TLifecycleRuleRow = typeof lifecycleRule.$inferSelect;
export type TLifecycleRuleValues = Pick<
  typeof lifecycleRule.$inferInsert,
  'name' | 'action' | 'folderId' | 'includeSubfolders' | 'ageDays' | 'storageId' | 'enabled' | 'updatedBy'
>;

/** A matched item with what the finer checks read; `id` and `createdAt` are also the page's position. */
export type TLifecycleCandidateRow = TLifecycleCandidate & { id: string };

export interface TLifecycleCandidateQuery {
  action: TLifecycleRuleAction;
  folderIds: string[];
  createdBefore: Date;
  /** The last row of the page before; none for the first page. */
  after?: { createdAt: Date; id: string };
  limit: number;
}

export function createLifecycleRuleRepository(db: Database) {
  const ofTenant = (tenantId: string, id: string) =>
    and(eq(lifecycleRule.tenantId, tenantId), eq(lifecycleRule.id, id));

  return {
    async list(tenantId: string): Promise<TLifecycleRuleRow[]> {
      return db
        .select()
        .from(lifecycleRule)
        .where(eq(lifecycleRule.tenantId, tenantId))
        .orderBy(asc(lifecycleRule.createdAt), asc(lifecycleRule.id));
    },
    async findById(tenantId: string, id: string): Promise<TLifecycleRuleRow | undefined> {
      const [row] = await db.select().from(lifecycleRule).where(ofTenant(tenantId, id));
      return row;
    },
    async insert(tenantId: string, values: TLifecycleRuleValues): Promise<TLifecycleRuleRow> {
      const [row] = await db
        .insert(lifecycleRule)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async update(tenantId: string, id: string, values: TLifecycleRuleValues): Promise<TLifecycleRuleRow | undefined> {
      const [row] = await db
        .update(lifecycleRule)
        .set({ ...values, updatedAt: sql`now()` })
        .where(ofTenant(tenantId, id))
        .returning();
      return row;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db.delete(lifecycleRule).where(ofTenant(tenantId, id)).returning({ id: lifecycleRule.id });
      return rows.length > 0;
    },
    async recordRun(tenantId: string, id: string, at: Date, result: TLifecycleRunResult): Promise<void> {
      await db.update(lifecycleRule).set({ lastRunAt: at, lastResult: result }).where(ofTenant(tenantId, id));
    },
    /** Tenants with at least one rule: each has a lifecycle run. */
    async tenantsWithRules(): Promise<string[]> {
      const rows = await db.selectDistinct({ tenantId: lifecycleRule.tenantId }).from(lifecycleRule);
      return rows.map((row) => row.tenantId);
    },

    /**
     * A page of the items in the folders created before the cutoff, oldest first, that the action has not already
     * reached: not archived for an archive rule, without a high-res deletion schedule for a deletion rule. The
     * finer checks (lifecycleSkipReason) are the caller's.
     */
    async candidates(tenantId: string, query: TLifecycleCandidateQuery): Promise<TLifecycleCandidateRow[]> {
      if (query.folderIds.length === 0) return [];
      const reached =
        query.action === 'archive'
          ? eq(item.isArchived, false)
          : notExists(
              db
                .select({ one: sql`1` })
                .from(highresDeletion)
                .where(and(eq(highresDeletion.tenantId, tenantId), eq(highresDeletion.itemId, item.id))),
            );
      const after = query.after
        ? or(
            gt(item.createdAt, query.after.createdAt),
            and(eq(item.createdAt, query.after.createdAt), gt(item.id, query.after.id)),
          )
        : undefined;
      const items = await db
        .select({
          id: item.id,
          createdAt: item.createdAt,
          deletedAt: item.deletedAt,
          isArchived: item.isArchived,
          archiveTransfer: item.archiveTransfer,
        })
        .from(item)
        .where(
          and(
            eq(item.tenantId, tenantId),
            inArray(item.folderId, query.folderIds),
            isNull(item.deletedAt),
            lt(item.createdAt, query.createdBefore),
            reached,
            after,
          ),
        )
        .orderBy(asc(item.createdAt), asc(item.id))
        .limit(query.limit);
      if (items.length === 0) return [];
      const ids = items.map((row) => row.id);
      const versions = await db
        .select({ itemId: itemVersion.itemId, upload: itemVersion.upload, originalKey: itemVersion.originalKey })
        .from(itemVersion)
        .where(and(eq(itemVersion.tenantId, tenantId), inArray(itemVersion.itemId, ids)));
      const deletions = await db
        .select({ itemId: highresDeletion.itemId, state: highresDeletion.state })
        .from(highresDeletion)
        .where(and(eq(highresDeletion.tenantId, tenantId), inArray(highresDeletion.itemId, ids)));
      return items.map((row) => ({
        ...row,
        versions: versions
          .filter((version) => version.itemId === row.id)
          .map((version) => ({ uploadState: version.upload.state, hasOriginal: !!version.originalKey })),
        highresDeletion: deletions.find((deletion) => deletion.itemId === row.id)?.state ?? null,
      }));
    },
  };
}
