import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { item, itemVersion, logEntry, logEntryFieldValue } from '../schema';
import { itemSearchBindings } from './item-search.repository';

/**
 * Where a compiled search query finds a log entry's data: the entry's own document and typed values, and its
 * item's built-in fields (title:, type:, … still mean the item's). Used inside a query over `item` joined with its
 * leading version, as the item's bindings are.
 */
export const logEntrySearchBindings = (tenantId: string) => ({
  vector: sql`${logEntry.searchVector}`,
  text: sql`${logEntry.searchText}`,
  builtins: itemSearchBindings(tenantId).builtins,
  fieldValues: {
    table: sql`${logEntryFieldValue}`,
    itemIdColumn: sql`${logEntryFieldValue.logEntryId}`,
    outerItemId: sql`${logEntry.id}`,
    fieldIdColumn: sql`${logEntryFieldValue.fieldId}`,
    textColumn: sql`${logEntryFieldValue.valueText}`,
    numberColumn: sql`${logEntryFieldValue.valueNumber}`,
    dateColumn: sql`${logEntryFieldValue.valueDate}`,
    scope: sql`${logEntryFieldValue.tenantId} = ${tenantId}`,
  },
});

export interface TLogEntryMatch {
  itemId: string;
  entryId: string;
  tcIn: number;
  tcOut: number | null;
}

/** The log entries of these items that match `entryWhere` (compiled over `logEntrySearchBindings`), by timecode. */
export async function matchingLogEntries(
  db: Database,
  tenantId: string,
  itemIds: readonly string[],
  entryWhere: SQL,
): Promise<TLogEntryMatch[]> {
  if (itemIds.length === 0) return [];
  return db
    .select({ itemId: logEntry.itemId, entryId: logEntry.id, tcIn: logEntry.tcIn, tcOut: logEntry.tcOut })
    .from(logEntry)
    .innerJoin(item, and(eq(item.id, logEntry.itemId), eq(item.tenantId, logEntry.tenantId)))
    .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId))
    .where(and(eq(logEntry.tenantId, tenantId), inArray(logEntry.itemId, [...itemIds]), entryWhere))
    .orderBy(asc(logEntry.itemId), asc(logEntry.tcIn), asc(logEntry.id));
}
