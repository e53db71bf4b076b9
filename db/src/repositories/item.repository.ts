import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { item, itemFieldValue, itemVersion, virtualClip } from '../schema';
import { textArray } from './sql-values';

/**
 * An item as its readers get it: the search document (search_vector, search_text), the facet terms and field keys
 * stay with the search.
 */
export type TItemRow = Omit<typeof item.$inferSelect, 'searchVector' | 'searchText' | 'facetTerms' | 'fieldKeys'>;
const {
  searchVector: _searchVector,
  searchText: _searchText,
  facetTerms: _facetTerms,
  fieldKeys: _fieldKeys,
  ...itemColumns
} = getTableColumns(item);
export type TItemVersionRow = typeof itemVersion.$inferSelect;
// Facet terms and field keys are written with the value rows (setMetadataMany), never on their own.
export type TItemInsert = Omit<
  typeof item.$inferInsert,
  'id' | 'tenantId' | 'createdAt' | 'updatedAt' | 'facetTerms' | 'fieldKeys'
>;
export type TItemVersionInsert = Omit<
  typeof itemVersion.$inferInsert,
  'id' | 'tenantId' | 'itemId' | 'number' | 'createdAt'
>;
export type TItemPatch = Partial<
  Pick<
    TItemRow,
    | 'title'
    | 'description'
    | 'folderId'
    | 'itemType'
    | 'ownerId'
    | 'visibleTo'
    | 'updatableBy'
    | 'leadingVersionId'
    | 'deletedAt'
    | 'deletedBy'
    | 'approvalStatus'
    | 'approvalSetBy'
    | 'approvalSetAt'
    | 'isArchived'
    | 'archiveTransfer'
  >
>;
export type TItemVersionPatch = Partial<
  Pick<
    TItemVersionRow,
    | 'fileName'
    | 'fileSize'
    | 'uploadId'
    | 'storageId'
    | 'originalKey'
    | 'sha256'
    | 'generatedStorageId'
    | 'upload'
    | 'transcoding'
    | 'probe'
    | 'media'
    | 'renditions'
    | 'renditionBytes'
  >
>;

/** A new leading version brings its state along (item.processingState mirrors the leading version's). */
function leadingStateOf(patch: TItemPatch) {
  if (patch.leadingVersionId === undefined) return {};
  return {
    processingState:
      patch.leadingVersionId === null
        ? null
        : sql`(SELECT ${itemVersion.transcoding}->>'state' FROM ${itemVersion} WHERE ${itemVersion.id} = ${patch.leadingVersionId})`,
  };
}

/** One item's new metadata with its typed values; title and description when they change with it. */
export interface TMetadataWrite {
  id: string;
  metadata: Record<string, unknown>;
  values: TFieldValueInsert[];
  title?: string;
  description?: string;
}

/** One typed value of a metadata field, as field queries and facets read it. */
export interface TFieldValueInsert {
  fieldId: string;
  valueText?: string | null;
  valueNumber?: number | null;
  valueDate?: Date | null;
  /** A chosen value (core's wholeValueFieldTypes): it goes into the item's facet_terms and field_keys too. */
  whole?: boolean;
}

/** An item with its leading version, the shape every list and detail view starts from. */
export interface TItemWithVersion {
  item: TItemRow;
  version: TItemVersionRow | null;
}

export interface TItemListOptions {
  folderId?: string | null;
  /** Items in any of these folders (a folder with its subfolders); ignored when folderId is given. */
  folderIds?: string[];
  deleted: boolean;
  limit: number;
  /** Keyset cursor: the createdAt and id of the last row of the previous page (newest first). */
  after?: { createdAt: Date; id: string };
}

export function createItemRepository(db: Database) {
  const withVersion = () =>
    db
      .select({ item: itemColumns, version: itemVersion })
      .from(item)
      .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId));

  /**
   * setMetadata for many items in one transaction of three statements, whatever their number (bulk edits,
   * imports); a title or description given is written with the metadata. Returns the ids it found.
   */
  async function setMetadataMany(tenantId: string, writes: readonly TMetadataWrite[]): Promise<string[]> {
    if (writes.length === 0) return [];
    const records = writes.map((write) => ({
      id: write.id,
      metadata: write.metadata,
      title: write.title ?? null,
      description: write.description ?? null,
      // The texts of the values matched and counted whole, from which the UPDATE writes facet_terms and field_keys
      // as the rows' facet_value reads (rekeyWholeValues derives the same from stored rows).
      texts: write.values.flatMap((value) =>
        value.valueText == null || !value.whole ? [] : [{ field: value.fieldId, text: value.valueText }],
      ),
    }));
    const rows = writes.flatMap((write) =>
      write.values.map((value) => ({
        item_id: write.id,
        field_id: value.fieldId,
        value_text: value.valueText ?? null,
        value_number: value.valueNumber ?? null,
        value_date: value.valueDate ?? null,
      })),
    );
    return db.transaction(async (tx) => {
      const updated = (await tx.execute(sql`
        UPDATE ${item} SET metadata = w.metadata, title = coalesce(w.title, ${item.title}),
          description = coalesce(w.description, ${item.description}), updated_at = now(),
          facet_terms = ARRAY(
            SELECT DISTINCT t.field || chr(31) || left(t.text, 500)
            FROM jsonb_to_recordset(w.texts) AS t(field text, text text) ORDER BY 1),
          field_keys = ARRAY(
            SELECT DISTINCT t.field || chr(31) || lower(left(t.text, 500))
            FROM jsonb_to_recordset(w.texts) AS t(field text, text text) ORDER BY 1)
        FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS w(id uuid, metadata jsonb, title text, description text, texts jsonb)
        WHERE ${item.tenantId} = ${tenantId} AND ${item.id} = w.id
        RETURNING ${item.id} AS id`)) as unknown as { rows: Array<{ id: string }> };
      const ids = updated.rows.map((row) => row.id);
      if (ids.length === 0) return [];
      await tx
        .delete(itemFieldValue)
        .where(and(eq(itemFieldValue.tenantId, tenantId), inArray(itemFieldValue.itemId, ids)));
      if (rows.length > 0) {
        await tx.execute(sql`
          INSERT INTO ${itemFieldValue} (tenant_id, item_id, field_id, value_text, value_number, value_date)
          SELECT ${tenantId}, v.item_id, v.field_id, v.value_text, v.value_number, v.value_date
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS v(item_id uuid, field_id text, value_text text, value_number double precision, value_date timestamptz)
          WHERE v.item_id = ANY(${sql`ARRAY[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]`})`);
      }
      return ids;
    });
  }

  return {
    /** A new item and its first version, which leads. One transaction so no item is ever without it. */
    async insertWithVersion(
      tenantId: string,
      values: TItemInsert,
      version: TItemVersionInsert,
    ): Promise<{ item: TItemRow; version: TItemVersionRow }> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(item)
          .values({ ...values, tenantId })
          .returning();
        const [first] = await tx
          .insert(itemVersion)
          .values({ ...version, tenantId, itemId: created!.id, number: 1 })
          .returning();
        const [led] = await tx
          .update(item)
          .set({ leadingVersionId: first!.id, processingState: first!.transcoding.state })
          .where(eq(item.id, created!.id))
          .returning();
        return { item: led!, version: first! };
      });
    },
    /** An item with no media of its own (a sequence, a virtual clip): it never has a version. */
    async insert(tenantId: string, values: TItemInsert): Promise<TItemRow> {
      const [created] = await db
        .insert(item)
        .values({ ...values, tenantId })
        .returning(itemColumns);
      return created!;
    },
    /** A further version; it does not lead until the upload is stored (see setLeadingVersion). */
    async insertVersion(tenantId: string, itemId: string, version: TItemVersionInsert): Promise<TItemVersionRow> {
      return db.transaction(async (tx) => {
        const [{ highest } = { highest: 0 }] = await tx
          .select({ highest: max(itemVersion.number) })
          .from(itemVersion)
          .where(and(eq(itemVersion.tenantId, tenantId), eq(itemVersion.itemId, itemId)));
        const [row] = await tx
          .insert(itemVersion)
          .values({ ...version, tenantId, itemId, number: (highest ?? 0) + 1 })
          .returning();
        return row!;
      });
    },
    async findById(tenantId: string, id: string): Promise<TItemRow | undefined> {
      const [row] = await db
        .select()
        .from(item)
        .where(and(eq(item.tenantId, tenantId), eq(item.id, id)));
      return row;
    },
    async findWithVersion(tenantId: string, id: string): Promise<TItemWithVersion | undefined> {
      const [row] = await withVersion().where(and(eq(item.tenantId, tenantId), eq(item.id, id)));
      return row;
    },
    async findManyWithVersion(tenantId: string, ids: string[]): Promise<TItemWithVersion[]> {
      if (ids.length === 0) return [];
      return withVersion().where(and(eq(item.tenantId, tenantId), inArray(item.id, ids)));
    },
    /**
     * Live items whose title is one of `titles` (compared trimmed and in lower case, as `titles` must be given), for
     * imports that name their sources; at most `limit`, newest first.
     */
    async findLiveByTitles(tenantId: string, titles: string[], limit = 1000): Promise<TItemWithVersion[]> {
      if (titles.length === 0) return [];
      return withVersion()
        .where(
          and(eq(item.tenantId, tenantId), isNull(item.deletedAt), inArray(sql`lower(trim(${item.title}))`, titles)),
        )
        .orderBy(desc(item.createdAt))
        .limit(limit);
    },
    /**
     * Newest first; items of the recycle bin when `deleted`, else the live items of one folder (or all). Ordered by
     * createdAt cut to milliseconds: the cursor comes back as a JS Date, and microseconds it cannot carry would
     * otherwise make rows of the same millisecond drop out between pages.
     */
    async list(tenantId: string, options: TItemListOptions): Promise<TItemWithVersion[]> {
      const { after } = options;
      const createdMs = sql`date_trunc('milliseconds', ${item.createdAt})`;
      const afterMs = after ? sql`${after.createdAt.toISOString()}::timestamptz` : undefined;
      return withVersion()
        .where(
          and(
            eq(item.tenantId, tenantId),
            options.deleted ? isNotNull(item.deletedAt) : isNull(item.deletedAt),
            options.folderId === undefined
              ? options.folderIds
                ? inArray(item.folderId, options.folderIds)
                : undefined
              : options.folderId === null
                ? isNull(item.folderId)
                : eq(item.folderId, options.folderId),
            after
              ? or(sql`${createdMs} < ${afterMs}`, and(sql`${createdMs} = ${afterMs}`, lt(item.id, after.id)))
              : undefined,
          ),
        )
        .orderBy(desc(createdMs), desc(item.id))
        .limit(options.limit);
    },
    /**
     * Replaces the item's metadata and its typed field values together, so field queries never see one without
     * the other. The search document follows by itself (generated columns).
     */
    async setMetadata(
      tenantId: string,
      id: string,
      metadata: Record<string, unknown>,
      values: TFieldValueInsert[],
    ): Promise<boolean> {
      return (await setMetadataMany(tenantId, [{ id, metadata, values }])).length > 0;
    },
    setMetadataMany,
    /**
     * facet_terms and field_keys again from the stored value rows, of the fields now matched whole
     * (`wholeFieldIds`), for the tenant's items with values of a field that became or stopped being one
     * (`changedFieldIds`): a form changed that field's type. Returns how many items it rewrote.
     */
    async rekeyWholeValues(
      tenantId: string,
      wholeFieldIds: readonly string[],
      changedFieldIds: readonly string[],
    ): Promise<number> {
      if (changedFieldIds.length === 0) return 0;
      const whole = sql`(SELECT v.field_id, v.facet_value FROM ${itemFieldValue} v
        WHERE v.item_id = ${item.id} AND v.field_id = ANY(${textArray(wholeFieldIds)}) AND v.facet_value IS NOT NULL)`;
      const rewritten = (await db.execute(sql`
        UPDATE ${item} SET
          facet_terms = ARRAY(SELECT DISTINCT w.field_id || chr(31) || w.facet_value FROM ${whole} AS w ORDER BY 1),
          field_keys = ARRAY(SELECT DISTINCT w.field_id || chr(31) || lower(w.facet_value) FROM ${whole} AS w ORDER BY 1)
        WHERE ${item.tenantId} = ${tenantId} AND ${item.id} IN (
          SELECT ${itemFieldValue.itemId} FROM ${itemFieldValue}
          WHERE ${itemFieldValue.tenantId} = ${tenantId} AND ${itemFieldValue.fieldId} = ANY(${textArray(changedFieldIds)}))
        RETURNING ${item.id}`)) as unknown as { rows: unknown[] };
      return rewritten.rows.length;
    },
    async update(tenantId: string, id: string, patch: TItemPatch): Promise<TItemRow | undefined> {
      const [row] = await db
        .update(item)
        .set({ ...patch, ...leadingStateOf(patch), updatedAt: sql`now()` })
        .where(and(eq(item.tenantId, tenantId), eq(item.id, id)))
        .returning();
      return row;
    },
    async updateMany(tenantId: string, ids: string[], patch: TItemPatch): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(item)
        .set({ ...patch, ...leadingStateOf(patch), updatedAt: sql`now()` })
        .where(and(eq(item.tenantId, tenantId), inArray(item.id, ids)))
        .returning({ id: item.id });
      return rows.length;
    },
    /** Removes the rows for good; the caller removes the media files first. */
    async hardDelete(tenantId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        // The item points at its leading version and the version at its item: cut that loop first, or
        // PostgreSQL's cascade meets its own SET NULL on the row it is deleting.
        await tx
          .update(item)
          .set({ leadingVersionId: null })
          .where(and(eq(item.tenantId, tenantId), eq(item.id, id)));
        const rows = await tx
          .delete(item)
          .where(and(eq(item.tenantId, tenantId), eq(item.id, id)))
          .returning({ id: item.id });
        return rows.length > 0;
      });
    },
    async deleteVersion(tenantId: string, versionId: string): Promise<boolean> {
      const rows = await db
        .delete(itemVersion)
        .where(and(eq(itemVersion.tenantId, tenantId), eq(itemVersion.id, versionId)))
        .returning({ id: itemVersion.id });
      return rows.length > 0;
    },
    /** Soft-deletes the live items of these folders (a folder going to the recycle bin takes its items along). */
    async softDeleteInFolders(tenantId: string, folderIds: string[], by: string, at: Date): Promise<string[]> {
      if (folderIds.length === 0) return [];
      const rows = await db
        .update(item)
        .set({ deletedAt: at, deletedBy: by, updatedAt: sql`now()` })
        .where(and(eq(item.tenantId, tenantId), inArray(item.folderId, folderIds), isNull(item.deletedAt)))
        .returning({ id: item.id });
      return rows.map((r) => r.id);
    },

    async findVersion(tenantId: string, versionId: string): Promise<TItemVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(itemVersion)
        .where(and(eq(itemVersion.tenantId, tenantId), eq(itemVersion.id, versionId)));
      return row;
    },
    async findVersionByUploadId(tenantId: string, uploadId: string): Promise<TItemVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(itemVersion)
        .where(and(eq(itemVersion.tenantId, tenantId), eq(itemVersion.uploadId, uploadId)));
      return row;
    },
    /** Oldest first. */
    async listVersions(tenantId: string, itemId: string): Promise<TItemVersionRow[]> {
      return db
        .select()
        .from(itemVersion)
        .where(and(eq(itemVersion.tenantId, tenantId), eq(itemVersion.itemId, itemId)))
        .orderBy(asc(itemVersion.number));
    },
    /**
     * An upload's received bytes, in place: the rest of its progress (a reservation made meanwhile) stays as it is.
     * Only while the upload is in progress.
     */
    async setUploadReceived(tenantId: string, versionId: string, receivedBytes: number): Promise<boolean> {
      const rows = await db
        .update(itemVersion)
        .set({ upload: sql`jsonb_set(${itemVersion.upload}, '{receivedBytes}', to_jsonb(${receivedBytes}::bigint))` })
        .where(
          and(
            eq(itemVersion.tenantId, tenantId),
            eq(itemVersion.id, versionId),
            sql`${itemVersion.upload}->>'state' = 'PROGRESSING'`,
          ),
        )
        .returning({ id: itemVersion.id });
      return rows.length > 0;
    },
    async updateVersion(
      tenantId: string,
      versionId: string,
      patch: TItemVersionPatch,
    ): Promise<TItemVersionRow | undefined> {
      const [row] = await db
        .update(itemVersion)
        .set(patch)
        .where(and(eq(itemVersion.tenantId, tenantId), eq(itemVersion.id, versionId)))
        .returning();
      // The item's state is its leading version's: the item counts as changed, so search indexes follow it. Its
      // virtual clips lead with the same version, so theirs follows too.
      if (row && (patch.transcoding || patch.upload)) {
        const clips = db
          .select({ id: virtualClip.itemId })
          .from(virtualClip)
          .where(and(eq(virtualClip.tenantId, tenantId), eq(virtualClip.sourceItemId, row.itemId)));
        await db
          .update(item)
          .set({ processingState: row.transcoding.state, updatedAt: sql`now()` })
          .where(
            and(
              eq(item.tenantId, tenantId),
              or(eq(item.id, row.itemId), inArray(item.id, clips)),
              eq(item.leadingVersionId, row.id),
            ),
          );
      }
      return row;
    },
    /**
     * Items changed after `since` (deleted ones included), oldest change first, for search index sync. Keyed on the
     * change time cut to milliseconds, as a JS Date carries it, so a row is never read twice or skipped.
     */
    async listChangedSince(
      tenantId: string,
      since: { updatedAt: Date; id: string } | null,
      limit: number,
    ): Promise<TItemWithVersion[]> {
      const changedMs = sql`date_trunc('milliseconds', ${item.updatedAt})`;
      const at = since ? sql`${since.updatedAt.toISOString()}::timestamptz` : undefined;
      return withVersion()
        .where(
          and(
            eq(item.tenantId, tenantId),
            since ? or(sql`${changedMs} > ${at}`, and(sql`${changedMs} = ${at}`, gt(item.id, since.id))) : undefined,
          ),
        )
        .orderBy(asc(changedMs), asc(item.id))
        .limit(limit);
    },
    /**
     * Bytes the tenant's originals and their renditions take (items in the recycle bin too, they are still stored)
     * plus what its uploads in progress declared, or have received or reserved when their length is deferred;
     * `except` leaves one upload out.
     */
    async storedBytes(tenantId: string, except?: string): Promise<number> {
      const upload = itemVersion.upload;
      const [row] = await db
        .select({
          bytes: sql<string>`coalesce(sum(case
            when ${upload}->>'state' = 'COMPLETE' then coalesce(${itemVersion.fileSize}, 0)
            when ${upload}->>'state' = 'PROGRESSING' then greatest(
              coalesce((${upload}->>'totalBytes')::bigint, 0), coalesce((${upload}->>'receivedBytes')::bigint, 0),
              coalesce((${upload}->>'reservedBytes')::bigint, 0))
            else 0 end
            + (select coalesce(sum(value::bigint), 0) from jsonb_each_text(${itemVersion.renditionBytes}))), 0)`,
        })
        .from(itemVersion)
        .where(and(eq(itemVersion.tenantId, tenantId), except ? sql`${itemVersion.id} <> ${except}::uuid` : undefined));
      return Number(row?.bytes ?? 0);
    },
    /** Across tenants: uploads still receiving bytes that were created before the given time. */
    async listUnfinishedUploads(createdBefore: Date): Promise<TItemVersionRow[]> {
      return db
        .select()
        .from(itemVersion)
        .where(and(sql`${itemVersion.upload}->>'state' = 'PROGRESSING'`, lt(itemVersion.createdAt, createdBefore)));
    },
    /**
     * Versions whose upload finished but whose transcoding never started or never finished, across tenants: what a
     * restarted server must hand to the workflow engine again.
     */
    async listVersionsAwaitingProcessing(): Promise<TItemVersionRow[]> {
      return db
        .select()
        .from(itemVersion)
        .where(
          and(
            sql`${itemVersion.upload}->>'state' = 'COMPLETE'`,
            sql`${itemVersion.transcoding}->>'state' in ('INITIATED', 'PROGRESSING')`,
          ),
        );
    },
  };
}
