import {
  disjunctiveFilters,
  mediaItemTypes,
  type TFacetFilter,
  type TItemSearchFilters,
  type TViewScope,
} from '@mam/core';
import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { spareConnections, type Database } from '../client/database';
import { folder, inSearchHalf, item, itemFieldValue, itemVersion, logEntry, user } from '../schema';
import {
  countRowColumns,
  creatorLabel,
  entryRowsOf,
  foundPageOf,
  pageKeysOf,
  pageRowsOf,
  positionedPageOf,
  userLabel,
  type TFoundPage,
  type TSearchRow,
} from './search-page-rows';
import { searchSettingsToken } from './search-settings-token';
import { textArray, uuidArray } from './sql-values';

export { itemSearchBindings } from './item-search-bindings';

export type { TItemSearchFilters, TFoundPage };
export type { TListedItem } from './search-page-rows';

export type TItemSearchSort =
  | { by: 'relevance'; rank: SQL }
  | { by: 'created' | 'modified' | 'title'; direction: 'asc' | 'desc' }
  | { by: 'field'; fieldId: string; direction: 'asc' | 'desc' };

export interface TItemSearchRequest {
  /** The compiled query over itemSearchBindings; `sql\`TRUE\`` for everything. */
  where: SQL;
  /**
   * The same query compiled over the log entries' bindings, when it searches them: an item also matches when one of
   * its log entries does.
   */
  entryWhere?: SQL;
  scope: TViewScope;
  filters: TItemSearchFilters;
  sort: TItemSearchSort;
  offset: number;
  limit: number;
  /** Fields whose values are counted over the matches (choice-like fields), from the matches' facet_terms. */
  facetFields: string[];
  /**
   * How a server may find the matches in two halves at once, each half's items read once, by a statement of its own
   * (search):
   * - `idOrder`: they are read from the tenant's items in id order (the covering index), not through a word index:
   *   each half of the id range is counted at once, beside the page.
   * - `searchHalves`: the word index (search_vector) finds them, which each search half (searchHalf) has apart:
   *   each half gives its first rows and its counts, the page merged from both (in relevance or date order).
   */
  split?: TSearchSplit;
}

export type TSearchSplit = 'idOrder' | 'searchHalves';

/** A page without the total and facets: the next pages of a list whose first page counted them. */
export type TItemPageRequest = Omit<TItemSearchRequest, 'facetFields'>;

export interface TFacetCount {
  value: string;
  count: number;
}

/** The total and facets of a search's matches. */
export interface TItemSearchCounts {
  total: number;
  facets: {
    itemType: TFacetCount[];
    state: TFacetCount[];
    approval: TFacetCount[];
    /** Each creator with the name the console shows (the user's name, else email, else the id itself). */
    createdBy: Array<TFacetCount & { label: string }>;
    fields: Record<string, TFacetCount[]>;
  };
}

export interface TItemSearchResult extends TItemSearchCounts {
  page: TFoundPage;
}

const FACET_LIMIT = 20;

/** `canView` in SQL, from the scope core computed for the actor. */
export function visibleItemsCondition(scope: TViewScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  // Most items have no visibility of their own (the tenant level): a NULL test settles them before any jsonb is
  // read, which a search testing tens of thousands of items feels.
  return sql`(${item.ownerId} = ${scope.userId}
    ${scope.orgMember ? sql`OR ${item.visibleTo} IS NULL` : sql``}
    OR CASE coalesce(${item.visibleTo}->>'level', 'tenant')
    WHEN 'tenant' THEN ${scope.orgMember}::boolean
    WHEN 'selected_groups' THEN jsonb_exists_any(${item.visibleTo}->'groups', ${textArray(scope.groupIds)})
    ELSE false END)`;
}

/** Items of these types; every type there is (item_item_type_known) needs no test of each match's. */
const ofItemTypes = (types: readonly string[] | undefined) =>
  types?.length && !mediaItemTypes.every((type) => types.includes(type))
    ? inArray(item.itemType, types as never[])
    : undefined;

function filterConditions(tenantId: string, filters: TItemSearchFilters): Array<SQL | undefined> {
  return [
    ofItemTypes(filters.itemTypeScope),
    ofItemTypes(filters.itemTypes),
    filters.folderId
      ? sql`${item.folderId} IN (WITH RECURSIVE below(id) AS (
          SELECT ${folder.id} FROM ${folder} WHERE ${folder.tenantId} = ${tenantId} AND ${folder.id} = ${filters.folderId}
          UNION ALL
          SELECT f.id FROM ${folder} f JOIN below ON f.parent_id = below.id
        ) SELECT id FROM below)`
      : undefined,
    filters.states?.length ? sql`${item.processingState} = ANY(${textArray(filters.states)})` : undefined,
    filters.approvals?.length ? sql`${item.approvalStatus} = ANY(${textArray(filters.approvals)})` : undefined,
    filters.createdBy?.length ? sql`${item.createdBy}::text = ANY(${textArray(filters.createdBy)})` : undefined,
    filters.createdFrom ? gte(item.createdAt, filters.createdFrom) : undefined,
    filters.createdTo ? lte(item.createdAt, filters.createdTo) : undefined,
    ...(filters.fieldValues ?? []).map(
      ({ fieldId, values }) =>
        sql`EXISTS (SELECT 1 FROM ${itemFieldValue} WHERE ${itemFieldValue.itemId} = ${item.id}
          AND ${itemFieldValue.fieldId} = ${fieldId} AND ${itemFieldValue.valueText} = ANY(${textArray(values)}))`,
    ),
  ];
}

/**
 * A counted facet's ticks as a condition on an item's own columns (the covering indexes carry them all): a field's
 * ticked values as its facet terms, which hold each chosen value as `field_id chr(31) value`, as value_text is.
 */
function facetCondition(filter: TFacetFilter): SQL {
  switch (filter.facet) {
    case 'itemType':
      return sql`${item.itemType} = ANY(${textArray(filter.values)})`;
    case 'state':
      return sql`${item.processingState} = ANY(${textArray(filter.values)})`;
    case 'approval':
      return sql`${item.approvalStatus} = ANY(${textArray(filter.values)})`;
    case 'createdBy':
      return sql`coalesce(${item.createdBy}::text = ANY(${textArray(filter.values)}), false)`;
    default:
      return sql`coalesce(${item.facetTerms} && ${textArray(filter.values.map((value) => `${filter.fieldId}\u001f${value}`))}, false)`;
  }
}

/**
 * How the counts of a search with ticked facet values find their matches: by the base filters alone, each match
 * with a flag column (f0, f1, …) per ticked facet telling whether it passes that facet's filter.
 */
interface TCounting {
  base: TItemSearchFilters;
  facets: TFacetFilter[];
}

/** The counting of a request whose counted facets have ticks, or undefined when none has (counted as before). */
function countingOf(filters: TItemSearchFilters, facetFields: readonly string[]): TCounting | undefined {
  const split = disjunctiveFilters(filters, facetFields);
  return split.facets.length > 0 ? split : undefined;
}

/** The flags all hold except those of `facet` (its own filter), as SQL over the flag columns. */
function flagsBut(facets: readonly TFacetFilter[], facet?: string): SQL {
  const names = facets.flatMap((filter, index) => (filter.facet === facet ? [] : [`f${index}`]));
  return sql.raw(names.length > 0 ? names.join(' AND ') : 'TRUE');
}

interface TSortKey {
  value: SQL;
  direction: 'asc' | 'desc';
  /** Items without a value go last; keys that always have one keep PostgreSQL's order, which an index can give. */
  nullable?: boolean;
  /**
   * How pages of two halves are merged in order: the key as text that compares exactly as PostgreSQL orders it (a
   * rank as float8, a time as microseconds since the epoch). Text keys, which order by the database's collation,
   * have none: their pages are not merged.
   */
  merge?: 'float' | 'time';
}

/** What the page is ordered by, computed once per match; ties go newest id first. */
function sortKeys(sort: TItemSearchSort): TSortKey[] {
  switch (sort.by) {
    case 'relevance':
      return [
        { value: sort.rank, direction: 'desc', nullable: true, merge: 'float' },
        { value: sql`${item.createdAt}`, direction: 'desc', merge: 'time' },
      ];
    case 'created':
      return [{ value: sql`${item.createdAt}`, direction: sort.direction, merge: 'time' }];
    case 'modified':
      return [{ value: sql`${item.updatedAt}`, direction: sort.direction, merge: 'time' }];
    case 'title':
      return [{ value: sql`lower(${item.title})`, direction: sort.direction }];
    case 'field': {
      // Items without the field go last either way (NULLS LAST below).
      const value = sql`(SELECT ${sort.direction === 'asc' ? sql`min` : sql`max`}(coalesce(${itemFieldValue.valueDate}::text, lpad(${itemFieldValue.valueNumber}::text, 24, '0'), lower(${itemFieldValue.valueText})))
        FROM ${itemFieldValue} WHERE ${itemFieldValue.itemId} = ${item.id} AND ${itemFieldValue.fieldId} = ${sort.fieldId})`;
      return [{ value, direction: sort.direction, nullable: true }];
    }
  }
}

/** The text a merge compares of a sort key (TSortKey.merge). */
function mergeText(key: TSortKey, column: SQL): SQL {
  return key.merge === 'float'
    ? sql`${column}::float8::text`
    : sql`(extract(epoch FROM ${column}) * 1000000)::bigint::text`;
}

function compareKeyTexts(merge: 'float' | 'time', a: string, b: string): number {
  if (merge === 'float') return Math.sign(Number(a) - Number(b));
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Two rows' order by their merge texts, as PostgreSQL orders them by the keys, then newest id first. */
function compareMerged(keys: readonly TSortKey[], x: TSearchRow, y: TSearchRow): number {
  for (const [index, key] of keys.entries()) {
    const [a, b] = [x.keys?.[index] ?? null, y.keys?.[index] ?? null];
    if (a === null || b === null) {
      // Only nullable keys (NULLS LAST) are ever NULL.
      if (a !== b) return a === null ? 1 : -1;
      continue;
    }
    const order = compareKeyTexts(key.merge!, a, b);
    if (order !== 0) return key.direction === 'asc' ? order : -order;
  }
  return x.value! < y.value! ? 1 : x.value! > y.value! ? -1 : 0;
}

/** The grouping sets of one pass over the matches: the total and each built-in facet, by its column. */
const builtinCounts: Array<{
  kind: 'total' | 'itemType' | 'state' | 'approval' | 'createdBy';
  column: string | undefined;
}> = [
  { kind: 'total', column: undefined },
  { kind: 'itemType', column: 'item_type' },
  { kind: 'state', column: 'state' },
  { kind: 'approval', column: 'approval' },
  { kind: 'createdBy', column: 'created_by' },
];

/**
 * The two halves of a search's matches and the page's order. The items matching themselves; then, when the query
 * also searches log entries, those with a matching entry that do not match themselves (the query tested on those few
 * items, not a look-up in the first half, which would find the first half's matches once more when it is not
 * materialised): a second indexable half, unlike `where OR EXISTS (…)`, which makes PostgreSQL test every item of
 * the tenant. The inner join on item gives the entry query the item's built-in fields without correlating it to the
 * outer row. `part` narrows both halves to some of the tenant's items (a part of the counting).
 */
function matchHalves(tenantId: string, request: TItemPageRequest, part?: SQL, counting?: TCounting) {
  const base = and(
    eq(item.tenantId, tenantId),
    part,
    isNull(item.deletedAt),
    visibleItemsCondition(request.scope),
    ...filterConditions(tenantId, counting?.base ?? request.filters),
  )!;
  const direct = and(base, request.where)!;
  const throughEntries = request.entryWhere
    ? and(
        base,
        sql`${item.id} IN (SELECT ${logEntry.itemId} FROM ${logEntry} JOIN ${item} ON ${item.id} = ${logEntry.itemId}
          WHERE ${logEntry.tenantId} = ${tenantId} AND (${request.entryWhere}))`,
        sql`(${request.where}) IS NOT TRUE`,
      )!
    : undefined;
  const keys = sortKeys(request.sort);
  const keyColumns = keys.map((key, index) => sql`${key.value} AS ${sql.raw(`k${index}`)}`);
  /** The page's order over the columns of `matches` or, with `of`, of the relation named so. */
  const orderOf = (of?: string) =>
    sql.raw(
      [
        ...keys.map(
          (key, index) =>
            `${of ? `${of}.` : ''}k${index} ${key.direction === 'asc' ? 'ASC' : 'DESC'}${key.nullable ? ' NULLS LAST' : ''}`,
        ),
        `${of ? `${of}.` : ''}id DESC`,
      ].join(', '),
    );
  const pageOrder = orderOf();
  /** The CTE `page`'s rows with their items, numbered in the page's order (over `page`: the joined item has an id). */
  const pageRows = pageRowsOf(sql`(row_number() OVER (ORDER BY ${orderOf('page')}))::int`, sql`NULL::text[]`);
  /** The CTEs `direct` and, with log entries, `entries`: the halves' rows with these columns after the id. */
  // With counting, the sets also hold the matches of the base filters that some ticked facet leaves out.
  const flagColumns = (counting?.facets ?? []).map(
    (filter, index) => sql`${facetCondition(filter)} AS ${sql.raw(`f${index}`)}`,
  );
  const matchSets = (materialised: boolean, columns: SQL[]) => {
    const how = sql.raw(materialised ? 'MATERIALIZED' : 'NOT MATERIALIZED');
    const select = (where: SQL) =>
      sql`SELECT ${sql.join([sql`${item.id} AS id`, ...columns, ...flagColumns], sql`, `)} FROM ${item} WHERE ${where}`;
    return throughEntries
      ? sql`direct AS ${how} (${select(direct)}), entries AS ${how} (${select(throughEntries)})`
      : sql`direct AS ${how} (${select(direct)})`;
  };
  const matches = throughEntries
    ? sql`(SELECT * FROM direct UNION ALL SELECT * FROM entries) AS matches`
    : sql`direct AS matches`;
  // The page from each half's own first rows, so that each may walk an index in the page's order.
  const pageEnd = request.offset + request.limit;
  const passing = counting ? sql` WHERE ${flagsBut(counting.facets)}` : sql``;
  const pageCandidates = throughEntries
    ? sql`((SELECT * FROM direct${passing} ORDER BY ${pageOrder} LIMIT ${pageEnd})
        UNION ALL (SELECT * FROM entries${passing} ORDER BY ${pageOrder} LIMIT ${pageEnd})) AS matches`
    : counting
      ? sql`(SELECT * FROM direct${passing}) AS matches`
      : matches;
  const page = sql`page AS (SELECT * FROM ${pageCandidates} ORDER BY ${pageOrder} OFFSET ${request.offset} LIMIT ${request.limit})`;
  /** `page` of a half: its first offset + limit rows, which hold whatever of the page lies in it. */
  const firstRows = sql`page AS (SELECT * FROM ${pageCandidates} ORDER BY ${pageOrder} LIMIT ${pageEnd})`;
  /** The log entries the query matched on the items of `page`, when it searches them. */
  const pageEntries = request.entryWhere ? sql`UNION ALL ${entryRowsOf(tenantId, request.entryWhere)}` : sql``;
  /** The CTEs `matches` reads, each a set of its own. */
  const matchSetNames = (throughEntries ? ['direct', 'entries'] : ['direct']).map((name) => sql.raw(name));
  return { keys, keyColumns, pageRows, matchSets, matches, matchSetNames, page, firstRows, pageEntries };
}

/** The kind of a grouping-sets row of countsOf (the set it belongs to) and its value. */
const kindOf = sql.raw(
  `CASE ${builtinCounts
    .flatMap((count) => (count.column ? [`WHEN grouping(${count.column}) = 0 THEN '${count.kind}'`] : []))
    .join(' ')} ELSE 'total' END`,
);
const groupedValue = sql.raw(
  `coalesce(${builtinCounts.flatMap((count) => (count.column ? [`${count.column}::text`] : [])).join(', ')})`,
);
const groupingSets = sql.raw(builtinCounts.map((count) => `(${count.column ?? ''})`).join(', '));

/** The columns counting reads of each match: narrow (the creator as uuid, not text), to stay within work_mem. */
const countColumns = (fields: readonly string[]) => [
  sql`${item.itemType} AS item_type`,
  sql`${item.createdBy} AS created_by`,
  sql`${item.processingState} AS state`,
  sql`${item.approvalStatus} AS approval`,
  ...(fields.length > 0 ? [sql`${item.facetTerms} AS terms`] : []),
];

/**
 * The total and facet counts of the matches (`matches`, made of the CTEs `sets`). The built-in facets from each set
 * grouped by all three columns where it is found (a few groups each; no append and subquery step between the scan
 * and the grouping for every match, measured 5 % of a count of 35,000 matches), rolled up by grouping sets over
 * those groups: one hash look-up per match, not one per facet. Field facets from each match's facet terms (its
 * chosen values, each once), unnested in the select list (no function scan per match), those of the fields asked for.
 */
function countsOf(matches: SQL, sets: readonly SQL[], fields: string[], counting?: TCounting): SQL {
  if (counting) return disjunctiveCountsOf(matches, sets, fields, counting.facets);
  const fieldOf = sql`left(term, strpos(term, chr(31)) - 1)`;
  // Terms are grouped first and the groups (one per chosen value) tested for their field, not every term: OFFSET 0
  // keeps PostgreSQL from pushing the test below the grouping, where it costs more than the grouping itself.
  const fieldCounts =
    fields.length === 0
      ? sql``
      : sql`UNION ALL SELECT 'field:' || ${fieldOf}, substr(term, strpos(term, chr(31)) + 1), count
        FROM (SELECT term, count(*)::int AS count FROM (SELECT unnest(matches.terms) AS term FROM ${matches}) AS terms
          GROUP BY term OFFSET 0) AS grouped
        WHERE ${fieldOf} = ANY(${textArray(fields)})`;
  return sql`SELECT ${kindOf} AS kind, ${groupedValue} AS value, coalesce(sum(n), 0)::int AS count
    FROM (${sql.join(
      sets.map(
        (set) =>
          sql`(SELECT item_type, state, approval, created_by, count(*) AS n FROM ${set}
            GROUP BY item_type, state, approval, created_by)`,
      ),
      sql` UNION ALL `,
    )}) AS groups
    GROUP BY GROUPING SETS (${groupingSets})
    ${fieldCounts}`;
}

/**
 * countsOf with ticked facets (TCounting): the matches of the base filters grouped as countsOf groups them, by their
 * flags as well (a few groups more); the total from the groups passing every flag, each facet's values from those
 * passing every flag but its own. A field's values likewise from the matches' terms grouped with their flags.
 */
function disjunctiveCountsOf(matches: SQL, sets: readonly SQL[], fields: string[], facets: TFacetFilter[]): SQL {
  const flags = facets.map((_, index) => `f${index}`);
  const grouped = sql.raw(['item_type', 'state', 'approval', 'created_by', ...flags].join(', '));
  const builtin = builtinCounts.map(({ kind, column }) =>
    column
      ? sql`SELECT ${kind}::text AS kind, ${sql.raw(column)}::text AS value, sum(n)::int AS count
          FROM groups WHERE ${flagsBut(facets, kind)} GROUP BY ${sql.raw(column)}`
      : sql`SELECT 'total'::text AS kind, NULL::text AS value, coalesce(sum(n), 0)::int AS count
          FROM groups WHERE ${flagsBut(facets)}`,
  );
  const fieldOf = sql`left(term, strpos(term, chr(31)) - 1)`;
  const ticked = facets.flatMap((filter) => (filter.facet.startsWith('field:') ? [filter.facet.slice(6)] : []));
  const fieldPasses =
    ticked.length === 0
      ? flagsBut(facets)
      : sql`CASE ${sql.join(
          [...new Set(ticked)].map(
            (fieldId) => sql`WHEN ${fieldOf} = ${fieldId} THEN ${flagsBut(facets, `field:${fieldId}`)}`,
          ),
          sql` `,
        )} ELSE ${flagsBut(facets)} END`;
  const termFlags = sql.raw(flags.join(', '));
  const fieldCounts =
    fields.length === 0
      ? sql``
      : sql`UNION ALL SELECT 'field:' || ${fieldOf}, substr(term, strpos(term, chr(31)) + 1), sum(count)::int
        FROM (SELECT term, ${termFlags}, count(*)::int AS count
          FROM (SELECT unnest(matches.terms) AS term, ${termFlags} FROM ${matches}) AS terms
          GROUP BY term, ${termFlags} OFFSET 0) AS grouped
        WHERE ${fieldOf} = ANY(${textArray(fields)}) AND ${fieldPasses}
        GROUP BY term`;
  return sql`WITH groups AS (${sql.join(
    sets.map((set) => sql`(SELECT ${grouped}, count(*) AS n FROM ${set} GROUP BY ${grouped})`),
    sql` UNION ALL `,
  )})
    ${sql.join(builtin, sql` UNION ALL `)}
    ${fieldCounts}`;
}

/**
 * countsOf's rows: every group of the matches (a part's counts add to another part's); a creator's with the name
 * the facet shows.
 */
const countRows = (tenantId: string) =>
  sql`SELECT kind, value, count, 0 AS position, NULL::text[] AS keys,
      ${countRowColumns(sql`CASE WHEN kind = 'createdBy' THEN ${creatorLabel(tenantId, sql`counts.value`)} END`)}
    FROM counts WHERE kind = 'total' OR value IS NOT NULL`;

/** The conditions of the two search halves. */
const searchHalves = ([0, 1] as const).map((half) => inSearchHalf(item.id, half));

/** Whether pages of two halves can be merged in this order (every key compares as text exactly). */
const mergeable = (sort: TItemSearchSort) => sortKeys(sort).every((key) => key.merge !== undefined);

/** Code point order (UTF-8 byte order), as a C collation sorts: the same on every database. */
const byCodePoints = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The total and facets of count rows (page and entry rows among them are passed over), those of several parts of
 * the matches added up: each facet's values by count, then value, the first FACET_LIMIT.
 */
function countsFrom(found: readonly TSearchRow[], fieldIds: readonly string[]): TItemSearchCounts {
  let total = 0;
  const byKind = new Map<string, Map<string, number>>();
  const labels = new Map<string, string>();
  for (const row of found) {
    if (row.kind === 'page' || row.kind === 'entry') continue;
    if (row.kind === 'total') total += row.count;
    else {
      if (row.label !== null) labels.set(row.value!, row.label);
      const values = byKind.get(row.kind) ?? byKind.set(row.kind, new Map()).get(row.kind)!;
      values.set(row.value!, (values.get(row.value!) ?? 0) + row.count);
    }
  }
  const ranked = (kind: string): TFacetCount[] =>
    [...(byKind.get(kind) ?? [])]
      .map(([value, count]) => ({ value, count }))
      .sort((x, y) => y.count - x.count || byCodePoints(x.value, y.value))
      .slice(0, FACET_LIMIT);
  return {
    total,
    facets: {
      itemType: ranked('itemType'),
      state: ranked('state'),
      approval: ranked('approval'),
      createdBy: ranked('createdBy').map((facet) => ({ ...facet, label: labels.get(facet.value) ?? facet.value })),
      fields: Object.fromEntries(fieldIds.map((fieldId) => [fieldId, ranked(`field:${fieldId}`)])),
    },
  };
}

/**
 * Where counting splits a tenant's items in two, each half counted by a statement of its own at once: item ids are
 * random (version 4) uuids, so about half of any set of items lies on each side.
 */
const ID_PIVOT = '80000000-0000-0000-0000-000000000000';

export function createItemSearchRepository(db: Database) {
  const rowsOf = async <T>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

  /**
   * Whether the matches are found in two search halves at once: on a server with a connection for each, when they
   * are found through the indexes that carry the half and the page's order can be merged.
   */
  const splitsInSearchHalves = (request: TItemPageRequest) =>
    request.split === 'searchHalves' && spareConnections(db) >= 2 && mergeable(request.sort);

  /**
   * One search half's matches, found once (kept: the page and the counts both read them): its first offset + limit
   * rows in the page's order with their merge keys and, with `facetFields`, its counts. With `withRows` the first
   * rows come with their items and the log entries the query matched on them, so that nothing is read after the
   * halves: on a first page, which the merge takes about half of from each half.
   */
  function halfStatement(
    tenantId: string,
    request: TItemPageRequest,
    half: SQL,
    options: { facetFields?: string[]; withRows: boolean },
  ): SQL {
    const { facetFields } = options;
    const counting = facetFields ? countingOf(request.filters, facetFields) : undefined;
    const { keys, keyColumns, matchSets, matches, matchSetNames, firstRows, pageEntries } = matchHalves(
      tenantId,
      request,
      half,
      counting,
    );
    const merged = sql`ARRAY[${sql.join(
      keys.map((key, index) => mergeText(key, sql.raw(`page.k${index}`))),
      sql`, `,
    )}]`;
    // In no order: the merge orders both halves' rows by their keys.
    const pageRows = options.withRows ? sql`${pageRowsOf(sql`0`, merged)} ${pageEntries}` : pageKeysOf(merged);
    if (!facetFields) return sql`WITH ${matchSets(false, keyColumns)}, ${firstRows} ${pageRows}`;
    return sql`
      WITH ${matchSets(true, [...countColumns(facetFields), ...keyColumns])},
      ${firstRows},
      counts AS (${countsOf(matches, matchSetNames, facetFields, counting)})
      ${pageRows}
      UNION ALL
      ${countRows(tenantId)}`;
  }

  /** The page's rows (and their matching log entries) by id, after a merge of halves that did not carry them. */
  async function pageByIds(tenantId: string, ids: readonly string[], entryWhere: SQL | undefined) {
    if (ids.length === 0) return foundPageOf([], []);
    const found = await rowsOf<TSearchRow>(sql`
      WITH page AS (SELECT id, position FROM unnest(${uuidArray(ids)}) WITH ORDINALITY AS listed(id, position))
      ${pageRowsOf(sql`page.position::int`, sql`NULL::text[]`)}
      ${entryWhere ? sql`UNION ALL ${entryRowsOf(tenantId, entryWhere)}` : sql``}`);
    return positionedPageOf(found);
  }

  /**
   * Both search halves' statements (halfStatement) run at once, and the page merged from their first rows: with its
   * items when the halves carried them, else read by id.
   */
  async function inSearchHalves(tenantId: string, request: TItemPageRequest, facetFields?: string[]) {
    const withRows = request.offset === 0;
    const statements = searchHalves.map((half) => halfStatement(tenantId, request, half, { facetFields, withRows }));
    const found = (await Promise.all(statements.map((statement) => rowsOf<TSearchRow>(statement)))).flat();
    const keys = sortKeys(request.sort);
    const pageRows = found
      .filter((row) => row.kind === 'page')
      .sort((x, y) => compareMerged(keys, x, y))
      .slice(request.offset, request.offset + request.limit);
    const page = withRows
      ? foundPageOf(pageRows, found)
      : await pageByIds(
          tenantId,
          pageRows.map((row) => row.value!),
          request.entryWhere,
        );
    return { page, found };
  }

  /**
   * One page of the matches in search's order, without counting them: a list's later pages, whose first page gave
   * the total and facets. Each half finds its first rows itself (nothing is kept), so a date order walks the
   * tenant's index and stops at the page's last row.
   */
  async function page(tenantId: string, request: TItemPageRequest): Promise<TFoundPage> {
    if (splitsInSearchHalves(request)) return (await inSearchHalves(tenantId, request)).page;
    const { keyColumns, pageRows, matchSets, page: pageCte, pageEntries } = matchHalves(tenantId, request);
    const found = await rowsOf<TSearchRow>(sql`
      WITH ${matchSets(false, keyColumns)}, ${pageCte}
      ${pageRows}
      ${pageEntries}`);
    return positionedPageOf(found);
  }

  /**
   * The total and facet counts of the matches search pages through, without a page. Counting reads every match,
   * which costs the executor the same per match however the statement is shaped; in `parts: 2` each half of the
   * tenant's items is counted by a statement of its own at once (as parallel query would, without starting worker
   * processes), and the halves' counts added up. Only where the matches are read in id order: a half of a word
   * index's matches would still read all of their rows.
   */
  async function counts(tenantId: string, request: TItemSearchRequest, parts: 1 | 2): Promise<TItemSearchCounts> {
    // Counting needs no order: the matches' columns carry no sort keys.
    const unordered = { ...request, sort: { by: 'created', direction: 'desc' } } as const;
    const idRanges =
      parts === 2 ? [sql`${item.id} < ${ID_PIVOT}::uuid`, sql`${item.id} >= ${ID_PIVOT}::uuid`] : [undefined];
    const fields = request.facetFields;
    const counting = countingOf(request.filters, fields);
    const found = await Promise.all(
      idRanges.map((idRange) => {
        const { matchSets, matches, matchSetNames } = matchHalves(tenantId, unordered, idRange, counting);
        // Kept when read twice: by the field facets, or by the groups and the terms of a ticked facet's counting.
        return rowsOf<TSearchRow>(sql`
          WITH ${matchSets(fields.length > 0, countColumns(fields))},
          counts AS (${countsOf(matches, matchSetNames, fields, counting)})
          ${countRows(tenantId)}`);
      }),
    );
    return countsFrom(found.flat(), fields);
  }

  /**
   * One page of matches with its items, the log entries the query matched on them, and the total and facet counts,
   * all over the same set: the query, the filters, the tenant, live items only, and what the actor may see. On a
   * server with connections to spare, the page and the counts are statements run at once, each on a connection of
   * its own (or each search half's page and counts), so the search takes as long as the longest of them rather than
   * all. Embedded, or with the pool busy, one statement finds the matches once for both.
   */
  async function search(tenantId: string, request: TItemSearchRequest): Promise<TItemSearchResult> {
    if (splitsInSearchHalves(request)) {
      const { page: found, found: rows } = await inSearchHalves(tenantId, request, request.facetFields);
      return { page: found, ...countsFrom(rows, request.facetFields) };
    }
    const spare = spareConnections(db);
    if (spare >= 2) {
      const [found, counted] = await Promise.all([
        page(tenantId, request),
        counts(tenantId, request, request.split === 'idOrder' && spare >= 3 ? 2 : 1),
      ]);
      return { page: found, ...counted };
    }
    const fields = request.facetFields;
    const counting = countingOf(request.filters, fields);
    const {
      keyColumns,
      pageRows,
      matchSets,
      matches,
      matchSetNames,
      page: pageCte,
      pageEntries,
    } = matchHalves(tenantId, request, undefined, counting);
    const columns = [...countColumns(fields), ...keyColumns];
    // Materialised (found once, kept for the page and the counts) when the page needs every match's rank or the
    // counts read them twice (field facets); otherwise each reader finds them itself, which costs less than
    // keeping them: the page walks the tenant's items in date order and stops at its last row.
    const materialised = request.sort.by === 'relevance' || fields.length > 0 || counting !== undefined;
    const found = await rowsOf<TSearchRow>(sql`
      WITH ${matchSets(materialised, columns)},
      ${pageCte},
      counts AS (${countsOf(matches, matchSetNames, fields, counting)})
      ${pageRows}
      ${pageEntries}
      UNION ALL
      ${countRows(tenantId)}`);
    return { page: positionedPageOf(found), ...countsFrom(found, fields) };
  }

  return {
    /** Whether one item matches a compiled query (a metadata form's rule choosing the items it applies to). */
    async matches(tenantId: string, itemId: string, where: SQL): Promise<boolean> {
      const rows = await db
        .select({ id: item.id })
        .from(item)
        .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId))
        .where(and(eq(item.tenantId, tenantId), eq(item.id, itemId), where))
        .limit(1);
      return rows.length > 0;
    },
    /**
     * Names to show for the creator facet's user ids of another backend (search's counts carry them), in one read;
     * ids that are no user of the tenant are absent.
     */
    async creatorLabels(tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> {
      const ids = userIds.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: user.id, label: userLabel })
        .from(user)
        .where(and(eq(user.tenantId, tenantId), inArray(user.id, ids)));
      return new Map(rows.map((row) => [row.id, row.label]));
    },
    /** The tenant's search-settings token as of now (searchSettingsToken). */
    async settingsToken(tenantId: string): Promise<string> {
      const [row] = await rowsOf<{ token: string }>(sql`SELECT ${searchSettingsToken(tenantId)} AS token`);
      return row!.token;
    },
    search,
    page,
  };
}
