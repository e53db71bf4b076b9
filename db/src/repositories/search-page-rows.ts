import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { item, itemVersion, logEntry, user } from '../schema';
import type { TItemRow, TItemVersionRow } from './item.repository';
import { logEntryMatchOf, logEntryMatchSource, type TLogEntryMatch } from './log-entry-search';

/**
 * A search statement gives the page's rows themselves (each item with its leading version), the log entries the
 * query matched on them, and the counts, in one result: no statement after it reads what it found. Its rows are of
 * one shape, `kind`, `value`, `count`, `position`, `keys`, then the columns below, NULL where a kind has none.
 */

/**
 * What a list of items shows of each (toItemView: the console's tiles and rows, the REST API's hits): an item's
 * metadata values and its version's probe, often the widest columns, stay behind.
 */
const listedItemKeys = [
  'id',
  'itemType',
  'title',
  'description',
  'folderId',
  'createdBy',
  'ownerId',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'isArchived',
  'archiveTransfer',
  'visibleTo',
  'updatableBy',
  'approvalStatus',
  'approvalSetBy',
  'approvalSetAt',
] as const satisfies ReadonlyArray<keyof TItemRow>;
const listedVersionKeys = [
  'id',
  'number',
  'fileName',
  'fileSize',
  'sha256',
  'originalKey',
  'upload',
  'transcoding',
  'media',
  'renditions',
] as const satisfies ReadonlyArray<keyof TItemVersionRow>;

/** An item as a list shows it, with its leading version. */
export interface TListedItem {
  item: Pick<TItemRow, (typeof listedItemKeys)[number]>;
  version: Pick<TItemVersionRow, (typeof listedVersionKeys)[number]> | null;
}

interface TRowColumn {
  of: 'item' | 'version';
  key: string;
  column: Column;
  alias: string;
}

const rowColumns: TRowColumn[] = [
  ...listedItemKeys.map((key, index) => ({
    of: 'item' as const,
    key,
    column: item[key] as Column,
    alias: `i${index}`,
  })),
  ...listedVersionKeys.map((key, index) => ({
    of: 'version' as const,
    key,
    column: itemVersion[key] as Column,
    alias: `v${index}`,
  })),
];

// Written out once: dozens of column objects per statement cost drizzle more to render than the rest of it.
const columnName = (column: Column) => `"${getTableName(column.table)}"."${column.name}"`;
const rowSelect = sql.raw(rowColumns.map((c) => `${columnName(c.column)} AS ${c.alias}`).join(', '));
const noRow = sql.raw(rowColumns.map((c) => `NULL::${c.column.getSQLType()} AS ${c.alias}`).join(', '));

/** The columns after `keys`: a count's label, a log entry's id and timecodes, a page row's item; NULL where absent. */
function tail(columns: { label?: SQL; entry?: [SQL, SQL, SQL]; row?: SQL }): SQL {
  const [entryId, tcIn, tcOut] = columns.entry ?? [sql`NULL::uuid`, sql`NULL::bigint`, sql`NULL::bigint`];
  return sql`${columns.label ?? sql`NULL::text`} AS label, ${entryId} AS entry_id, ${tcIn} AS tc_in, ${tcOut} AS tc_out,
    ${columns.row ?? noRow}`;
}

/** The columns after `keys` of a row that is neither a page row nor a log entry (a count). */
export const countRowColumns = (label: SQL) => tail({ label });

/** A user's name as the console shows it: the name, else the email. */
export const userLabel = sql<string>`coalesce(nullif(${user.name}, ''), ${user.email})`;

/**
 * The name a creator facet shows for a user id (`value`, a uuid's text).
 */
export const creatorLabel = (tenantId: string, value: SQL) =>
  sql`(SELECT ${userLabel} FROM ${user}
    WHERE ${user.id} = (${value})::uuid AND ${user.tenantId} = ${tenantId})`;

/**
 * The page rows of the CTE `page` (its `id`), each with its item and leading version; `position` and `keys` are
 * expressions over `page`.
 */
export function pageRowsOf(position: SQL, keys: SQL): SQL {
  return sql`SELECT 'page' AS kind, page.id::text AS value, 0 AS count, ${position} AS position, ${keys} AS keys,
      ${tail({ row: rowSelect })}
    FROM page JOIN ${item} ON ${item.id} = page.id LEFT JOIN ${itemVersion} ON ${itemVersion.id} = ${item.leadingVersionId}`;
}

/** The rows of the CTE `page` with their sort keys alone (`keys`, over `page`): a page whose rows are read after. */
export function pageKeysOf(keys: SQL): SQL {
  return sql`SELECT 'page' AS kind, page.id::text AS value, 0 AS count, 0 AS position, ${keys} AS keys, ${tail({})}
    FROM page`;
}

/** The log entries of the CTE `page`'s items that match `entryWhere`, as rows of kind `entry`. */
export function entryRowsOf(tenantId: string, entryWhere: SQL): SQL {
  const entry: [SQL, SQL, SQL] = [sql`${logEntry.id}`, sql`${logEntry.tcIn}`, sql`${logEntry.tcOut}`];
  return sql`SELECT 'entry' AS kind, ${logEntry.itemId}::text AS value, 0 AS count, 0 AS position, NULL::text[] AS keys,
      ${tail({ entry })}
    ${logEntryMatchSource(tenantId, sql`(SELECT id FROM page)`, entryWhere)}`;
}

/** A row of a search statement (the driver's values). */
export type TSearchRow = {
  kind: string;
  value: string | null;
  count: number;
  position: number;
  keys: Array<string | null> | null;
  label: string | null;
  entry_id: string | null;
  tc_in: unknown;
  tc_out: unknown;
} & Record<string, unknown>;

/** The item and leading version of a page row, mapped as drizzle maps a select of them (findManyWithVersion). */
function listedItemOf(row: TSearchRow): TListedItem {
  const found: Record<'item' | 'version', Record<string, unknown>> = { item: {}, version: {} };
  for (const { of, key, column, alias } of rowColumns) {
    const value = row[alias];
    found[of][key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return {
    item: found.item as TListedItem['item'],
    version: found.version.id === null ? null : (found.version as NonNullable<TListedItem['version']>),
  };
}

/** One page of search hits: the items in order, and the log entries the query matched on them. */
export interface TFoundPage {
  rows: TListedItem[];
  /** By item, then timecode (empty when the query searches no log entries). */
  entryMatches: TLogEntryMatch[];
}

/** A statement's page (its page rows by `position`) and the log entries matched on it. */
export const positionedPageOf = (rows: readonly TSearchRow[]) =>
  foundPageOf(
    rows.filter((row) => row.kind === 'page').sort((x, y) => x.position - y.position),
    rows,
  );

/** The page of these page rows (in this order) and the matching entries of their items among `rows`. */
export function foundPageOf(pageRows: readonly TSearchRow[], rows: readonly TSearchRow[]): TFoundPage {
  const onPage = new Set(pageRows.map((row) => row.value));
  const entryMatches = rows
    .filter((row) => row.kind === 'entry' && onPage.has(row.value))
    .map((row) => logEntryMatchOf({ itemId: row.value, entryId: row.entry_id, tcIn: row.tc_in, tcOut: row.tc_out }))
    .sort((x, y) => byText(x.itemId, y.itemId) || x.tcIn - y.tcIn || byText(x.entryId, y.entryId));
  return { rows: pageRows.map(listedItemOf), entryMatches };
}

/** uuids (lower-case hex of one length) in the order PostgreSQL sorts them. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
