import type { TFieldValueRow } from '@mam/core';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { logEntry, logEntryFieldValue } from '../schema';
import { matchingLogEntries, type TLogEntryMatch } from './log-entry-search';

export type TLogEntryRow = Omit<typeof logEntry.$inferSelect, 'searchVector' | 'searchText'>;
export type TLogEntryInsert = Pick<
  typeof logEntry.$inferInsert,
  'itemId' | 'formId' | 'tcIn' | 'tcOut' | 'values' | 'createdBy'
>;
export type TLogEntryPatch = Partial<Pick<TLogEntryRow, 'tcIn' | 'tcOut' | 'values' | 'updatedBy' | 'updatedAt'>>;

// The generated search columns are the search compiler's, never read into rows.
const columns = {
  id: logEntry.id,
  tenantId: logEntry.tenantId,
  itemId: logEntry.itemId,
  formId: logEntry.formId,
  tcIn: logEntry.tcIn,
  tcOut: logEntry.tcOut,
  values: logEntry.values,
  createdBy: logEntry.createdBy,
  createdAt: logEntry.createdAt,
  updatedBy: logEntry.updatedBy,
  updatedAt: logEntry.updatedAt,
};

export function createLogEntryRepository(db: Database) {
  return {
    /** Search hits' timecodes: the entries of these items that match a query compiled by `logEntrySearchBindings`. */
    matching(tenantId: string, itemIds: readonly string[], where: SQL): Promise<TLogEntryMatch[]> {
      return matchingLogEntries(db, tenantId, itemIds, where);
    },
    /** The values of these items' entries, for the search index. */
    async valuesForItems(
      tenantId: string,
      itemIds: readonly string[],
    ): Promise<Array<{ itemId: string; values: Record<string, unknown> }>> {
      if (itemIds.length === 0) return [];
      return db
        .select({ itemId: logEntry.itemId, values: logEntry.values })
        .from(logEntry)
        .where(and(eq(logEntry.tenantId, tenantId), inArray(logEntry.itemId, [...itemIds])))
        .orderBy(asc(logEntry.itemId), asc(logEntry.tcIn), asc(logEntry.id));
    },
    /** The item's entries by timecode. */
    async listForItem(tenantId: string, itemId: string): Promise<TLogEntryRow[]> {
      return db
        .select(columns)
        .from(logEntry)
        .where(and(eq(logEntry.tenantId, tenantId), eq(logEntry.itemId, itemId)))
        .orderBy(asc(logEntry.tcIn), asc(logEntry.createdAt), asc(logEntry.id));
    },
    async findById(tenantId: string, id: string): Promise<TLogEntryRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(logEntry)
        .where(and(eq(logEntry.tenantId, tenantId), eq(logEntry.id, id)));
      return row;
    },
    /** The entry with its typed value rows (field:value search), in one transaction. */
    async insert(
      tenantId: string,
      values: TLogEntryInsert,
      valueRows: readonly TFieldValueRow[],
    ): Promise<TLogEntryRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(logEntry)
          .values({ ...values, tenantId })
          .returning(columns);
        if (valueRows.length > 0) {
          await tx
            .insert(logEntryFieldValue)
            .values(valueRows.map((value) => ({ ...value, tenantId, logEntryId: row!.id })));
        }
        return row!;
      });
    },
    /** Value rows are replaced when the values are (pass them with `patch.values`). */
    async update(
      tenantId: string,
      id: string,
      patch: TLogEntryPatch,
      valueRows?: readonly TFieldValueRow[],
    ): Promise<TLogEntryRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(logEntry)
          .set(patch)
          .where(and(eq(logEntry.tenantId, tenantId), eq(logEntry.id, id)))
          .returning(columns);
        if (!row || !valueRows) return row;
        await tx
          .delete(logEntryFieldValue)
          .where(and(eq(logEntryFieldValue.tenantId, tenantId), eq(logEntryFieldValue.logEntryId, id)));
        if (valueRows.length > 0) {
          await tx
            .insert(logEntryFieldValue)
            .values(valueRows.map((value) => ({ ...value, tenantId, logEntryId: id })));
        }
        return row;
      });
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(logEntry)
        .where(and(eq(logEntry.tenantId, tenantId), eq(logEntry.id, id)))
        .returning({ id: logEntry.id });
      return rows.length > 0;
    },
  };
}
