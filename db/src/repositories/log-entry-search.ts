import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { item, itemVersion, logEntry, logEntryFieldValue } from '../schema';
import { itemSearchBindings } from './item-search-bindings';
import { uuidArray } from './sql-values';

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

/**
 * The FROM and WHERE of the log entries of some items (`items`: a uuid list, such as a statement's page) that match
 * `entryWhere` (compiled over `logEntrySearchBindings`, whose built-ins read the entry's item and leading version).
 */
export function logEntryMatchSource(tenantId: string, items: SQL, entryWhere: SQL): SQL {
  return sql`FROM ${logEntry} JOIN ${item} ON ${item.id} = ${logEntry.itemId} AND ${item.tenantId} = ${logEntry.tenantId}
    LEFT JOIN ${itemVersion} ON ${itemVersion.id} = ${item.leadingVersionId}
    WHERE ${logEntry.tenantId} = ${tenantId} AND ${logEntry.itemId} IN ${items} AND (${entryWhere})`;
}

/** The log entries of these items that match `entryWhere` (compiled over `logEntrySearchBindings`), by timecode. */
export async function matchingLogEntries(
  db: Database,
  tenantId: string,
  itemIds: readonly string[],
  entryWhere: SQL,
): Promise<TLogEntryMatch[]> {
  if (itemIds.length === 0) return [];
  const found = await db.execute(sql`SELECT ${logEntry.itemId} AS "itemId", ${logEntry.id} AS "entryId",
      ${logEntry.tcIn} AS "tcIn", ${logEntry.tcOut} AS "tcOut"
    ${logEntryMatchSource(tenantId, sql`(SELECT unnest(${uuidArray(itemIds)}))`, entryWhere)}
    ORDER BY ${logEntry.itemId}, ${logEntry.tcIn}, ${logEntry.id}`);
  return (found as unknown as { rows: Array<Record<keyof TLogEntryMatch, unknown>> }).rows.map(logEntryMatchOf);
}

/** A match as the driver gives its columns (bigint timecodes as text or number). */
export function logEntryMatchOf(row: Record<keyof TLogEntryMatch, unknown>): TLogEntryMatch {
  return {
    itemId: row.itemId as string,
    entryId: row.entryId as string,
    tcIn: logEntry.tcIn.mapFromDriverValue(row.tcIn as number | string) as number,
    tcOut: row.tcOut === null ? null : (logEntry.tcOut.mapFromDriverValue(row.tcOut as number | string) as number),
  };
}
