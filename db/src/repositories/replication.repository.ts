import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { item, itemVersion, replicationObject, replicationSetting } from '../schema';

export type TReplicationSettingRow = typeof replicationSetting.$inferSelect;
export type TReplicationSettingInsert = Pick<
  typeof replicationSetting.$inferInsert,
  'sourceStorageId' | 'targetStorageId' | 'stage' | 'shardCount' | 'encryptedApiToken' | 'enabled' | 'createdBy'
>;
export type TReplicationSettingPatch = Partial<Omit<TReplicationSettingInsert, 'createdBy'>>;
export type TReplicationObjectRow = typeof replicationObject.$inferSelect;

/** A version whose media a replication still has to copy. */
export interface TReplicationCandidate {
  versionId: string;
  itemId: string;
  key: string;
  sha256: string | null;
  generatedStorageId: string | null;
}

export interface TReplicationOutcome {
  settingId: string;
  versionId: string;
  key: string;
  state: 'copied' | 'failed';
  files: number;
  bytes: number;
  sha256: string | null;
  error: string | null;
}

export function createReplicationRepository(db: Database) {
  const ofTenant = (tenantId: string, id: string) =>
    and(eq(replicationSetting.tenantId, tenantId), eq(replicationSetting.id, id));

  /**
   * Stored originals of live items in the setting's source that have no copied record: new media, and what failed
   * before. With the "all" stage a version waits until its processing has ended, so its generated files go with it.
   */
  function candidates(setting: TReplicationSettingRow) {
    return and(
      eq(itemVersion.tenantId, setting.tenantId),
      eq(itemVersion.storageId, setting.sourceStorageId),
      isNotNull(itemVersion.originalKey),
      sql`${itemVersion.upload}->>'state' = 'COMPLETE'`,
      isNull(item.deletedAt),
      setting.stage === 'all' ? sql`${itemVersion.transcoding}->>'state' in ('COMPLETE', 'ERROR')` : undefined,
      sql`not exists (select 1 from ${replicationObject} where ${replicationObject.settingId} = ${setting.id}
        and ${replicationObject.versionId} = ${itemVersion.id} and ${replicationObject.state} = 'copied')`,
    );
  }

  /** Candidate versions, oldest first; `candidates` guarantees the original's key is set. */
  function selectCandidates(where: SQL | undefined) {
    return db
      .select({
        versionId: itemVersion.id,
        itemId: itemVersion.itemId,
        key: sql<string>`${itemVersion.originalKey}`,
        sha256: itemVersion.sha256,
        generatedStorageId: itemVersion.generatedStorageId,
      })
      .from(itemVersion)
      .innerJoin(item, eq(item.id, itemVersion.itemId))
      .where(where)
      .orderBy(asc(itemVersion.createdAt), asc(itemVersion.id))
      .$dynamic();
  }

  return {
    async insert(tenantId: string, values: TReplicationSettingInsert): Promise<TReplicationSettingRow> {
      const [row] = await db
        .insert(replicationSetting)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async findById(tenantId: string, id: string): Promise<TReplicationSettingRow | undefined> {
      const [row] = await db.select().from(replicationSetting).where(ofTenant(tenantId, id));
      return row;
    },
    async list(tenantId: string): Promise<TReplicationSettingRow[]> {
      return db
        .select()
        .from(replicationSetting)
        .where(eq(replicationSetting.tenantId, tenantId))
        .orderBy(asc(replicationSetting.createdAt), asc(replicationSetting.id));
    },
    /** Every tenant's enabled settings: the server starts their workflows at boot. */
    async listEnabled(): Promise<TReplicationSettingRow[]> {
      return db.select().from(replicationSetting).where(eq(replicationSetting.enabled, true));
    },
    async update(
      tenantId: string,
      id: string,
      patch: TReplicationSettingPatch,
    ): Promise<TReplicationSettingRow | undefined> {
      const [row] = await db
        .update(replicationSetting)
        .set({ ...patch, updatedAt: new Date() })
        .where(ofTenant(tenantId, id))
        .returning();
      return row;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(replicationSetting)
        .where(ofTenant(tenantId, id))
        .returning({ id: replicationSetting.id });
      return rows.length > 0;
    },
    async recordRound(tenantId: string, id: string, copied: number): Promise<void> {
      await db
        .update(replicationSetting)
        .set({ lastRoundAt: new Date(), lastRoundCopied: copied })
        .where(ofTenant(tenantId, id));
    },
    /** The oldest `limit` versions still to copy. */
    async pending(setting: TReplicationSettingRow, limit: number): Promise<TReplicationCandidate[]> {
      return selectCandidates(candidates(setting)).limit(limit);
    },
    /** One version still to copy, as `pending` finds it; undefined once copied (or gone). */
    async pendingVersion(
      setting: TReplicationSettingRow,
      versionId: string,
    ): Promise<TReplicationCandidate | undefined> {
      const [row] = await selectCandidates(and(candidates(setting), eq(itemVersion.id, versionId)));
      return row;
    },
    /** Copied, failed (tried again each round) and never tried, for the console. */
    async counts(setting: TReplicationSettingRow): Promise<{ copied: number; pending: number; failed: number }> {
      const [states] = await db
        .select({
          copied: sql<number>`count(*) filter (where ${replicationObject.state} = 'copied')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${replicationObject.state} = 'failed')`.mapWith(Number),
        })
        .from(replicationObject)
        .where(and(eq(replicationObject.tenantId, setting.tenantId), eq(replicationObject.settingId, setting.id)));
      const [waiting] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(itemVersion)
        .innerJoin(item, eq(item.id, itemVersion.itemId))
        .where(candidates(setting));
      const failed = states?.failed ?? 0;
      return { copied: states?.copied ?? 0, failed, pending: Math.max(0, (waiting?.count ?? 0) - failed) };
    },
    /** Records a version's outcome; a failure after a copy never undoes it, a copy after failures replaces them. */
    async record(tenantId: string, outcome: TReplicationOutcome): Promise<void> {
      await db
        .insert(replicationObject)
        .values({ ...outcome, tenantId })
        .onConflictDoUpdate({
          target: [replicationObject.settingId, replicationObject.versionId],
          set: {
            state: outcome.state,
            files: outcome.files,
            bytes: outcome.bytes,
            sha256: outcome.sha256,
            error: outcome.error,
            attempts: sql`${replicationObject.attempts} + 1`,
            updatedAt: new Date(),
          },
          setWhere: sql`${replicationObject.state} <> 'copied'`,
        });
    },
    /** Forgets what the setting copied: its next round takes the source's media again (new ends or stage). */
    async clearObjects(tenantId: string, settingId: string): Promise<void> {
      await db
        .delete(replicationObject)
        .where(and(eq(replicationObject.tenantId, tenantId), eq(replicationObject.settingId, settingId)));
    },
    async listObjects(tenantId: string, settingId: string): Promise<TReplicationObjectRow[]> {
      return db
        .select()
        .from(replicationObject)
        .where(and(eq(replicationObject.tenantId, tenantId), eq(replicationObject.settingId, settingId)))
        .orderBy(asc(replicationObject.key));
    },
  };
}
