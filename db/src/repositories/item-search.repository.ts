import type { TItemSearchFilters, TViewScope } from '@mam/core';
import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { folder, item, itemFieldValue, itemVersion, logEntry, user } from '../schema';

/**
 * Where a compiled search query finds an item's data (the shape `@mam/search`'s PostgreSQL compiler expects).
 * Built-ins read the item's own columns (the leading version's state is kept on the item).
 */
export const itemSearchBindings = (tenantId: string) => ({
  vector: sql`${item.searchVector}`,
  text: sql`${item.searchText}`,
  builtins: {
    title: sql`${item.title}`,
    description: sql`${item.description}`,
    type: sql`${item.itemType}`,
    created: sql`${item.createdAt}`,
    modified: sql`${item.updatedAt}`,
    state: sql`${item.processingState}`,
    // By key, so a search joins no versions: only a filename query reads one per candidate.
    filename: sql`(SELECT ${itemVersion.fileName} FROM ${itemVersion} WHERE ${itemVersion.id} = ${item.leadingVersionId})`,
  },
  fieldValues: {
    table: sql`${itemFieldValue}`,
    itemIdColumn: sql`${itemFieldValue.itemId}`,
    outerItemId: sql`${item.id}`,
    fieldIdColumn: sql`${itemFieldValue.fieldId}`,
    textColumn: sql`${itemFieldValue.valueText}`,
    numberColumn: sql`${itemFieldValue.valueNumber}`,
    dateColumn: sql`${itemFieldValue.valueDate}`,
    // Lets the (tenant_id, field_id, …) indexes serve field queries.
    scope: sql`${itemFieldValue.tenantId} = ${tenantId}`,
  },
  fieldKeys: sql`${item.fieldKeys}`,
});

export type { TItemSearchFilters };

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
}

/** A page without the total and facets: the next pages of a list whose first page counted them. */
export type TItemPageRequest = Omit<TItemSearchRequest, 'facetFields'>;

export interface TFacetCount {
  value: string;
  count: number;
}

export interface TItemSearchResult {
  /** The page, in order; the rows are read by id (items.findManyWithVersion), as for any search backend. */
  ids: string[];
  total: number;
  facets: {
    itemType: TFacetCount[];
    state: TFacetCount[];
    createdBy: TFacetCount[];
    fields: Record<string, TFacetCount[]>;
  };
}

const FACET_LIMIT = 20;

const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`ARRAY[]::text[]`
    : sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

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

function filterConditions(tenantId: string, filters: TItemSearchFilters): Array<SQL | undefined> {
  return [
    filters.itemTypes?.length ? inArray(item.itemType, filters.itemTypes as never[]) : undefined,
    filters.folderId
      ? sql`${item.folderId} IN (WITH RECURSIVE below(id) AS (
          SELECT ${folder.id} FROM ${folder} WHERE ${folder.tenantId} = ${tenantId} AND ${folder.id} = ${filters.folderId}
          UNION ALL
          SELECT f.id FROM ${folder} f JOIN below ON f.parent_id = below.id
        ) SELECT id FROM below)`
      : undefined,
    filters.states?.length ? sql`${item.processingState} = ANY(${textArray(filters.states)})` : undefined,
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

interface TSortKey {
  value: SQL;
  direction: 'asc' | 'desc';
  /** Items without a value go last; keys that always have one keep PostgreSQL's order, which an index can give. */
  nullable?: boolean;
}

/** What the page is ordered by, computed once per match; ties go newest id first. */
function sortKeys(sort: TItemSearchSort): TSortKey[] {
  switch (sort.by) {
    case 'relevance':
      return [
        { value: sort.rank, direction: 'desc', nullable: true },
        { value: sql`${item.createdAt}`, direction: 'desc' },
      ];
    case 'created':
      return [{ value: sql`${item.createdAt}`, direction: sort.direction }];
    case 'modified':
      return [{ value: sql`${item.updatedAt}`, direction: sort.direction }];
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

/** A page row (its place in `position`), the total or a facet value (in its kind's order by `position`). */
type TSearchRow = { kind: string; value: string | null; count: number; position: number };

/** The grouping sets of one pass over the matches: the total and each built-in facet, by its column. */
const builtinCounts: Array<{ kind: 'total' | 'itemType' | 'state' | 'createdBy'; column: string | undefined }> = [
  { kind: 'total', column: undefined },
  { kind: 'itemType', column: 'item_type' },
  { kind: 'state', column: 'state' },
  { kind: 'createdBy', column: 'created_by' },
];

/**
 * The two halves of a search's matches and the page's order. The items matching themselves; then, when the query
 * also searches log entries, those with a matching entry that do not match themselves (the query tested on those few
 * items, not a look-up in the first half, which would find the first half's matches once more when it is not
 * materialised): a second indexable half, unlike `where OR EXISTS (…)`, which makes PostgreSQL test every item of
 * the tenant. The inner join on item gives the entry query the item's built-in fields without correlating it to the
 * outer row.
 */
function matchHalves(tenantId: string, request: TItemPageRequest) {
  const base = and(
    eq(item.tenantId, tenantId),
    isNull(item.deletedAt),
    visibleItemsCondition(request.scope),
    ...filterConditions(tenantId, request.filters),
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
  const pageOrder = sql.join(
    [
      ...keys.map(
        (key, index) =>
          sql`${sql.raw(`k${index}`)} ${sql.raw(key.direction === 'asc' ? 'ASC' : 'DESC')}${sql.raw(key.nullable ? ' NULLS LAST' : '')}`,
      ),
      sql`id DESC`,
    ],
    sql`, `,
  );
  /** The CTEs `direct` and, with log entries, `entries`: the halves' rows with these columns after the id. */
  const matchSets = (materialised: boolean, columns: SQL[]) => {
    const how = sql.raw(materialised ? 'MATERIALIZED' : 'NOT MATERIALIZED');
    const select = (where: SQL) =>
      sql`SELECT ${sql.join([sql`${item.id} AS id`, ...columns], sql`, `)} FROM ${item} WHERE ${where}`;
    return throughEntries
      ? sql`direct AS ${how} (${select(direct)}), entries AS ${how} (${select(throughEntries)})`
      : sql`direct AS ${how} (${select(direct)})`;
  };
  const matches = throughEntries
    ? sql`(SELECT * FROM direct UNION ALL SELECT * FROM entries) AS matches`
    : sql`direct AS matches`;
  // The page from each half's own first rows, so that each may walk an index in the page's order.
  const pageEnd = request.offset + request.limit;
  const pageCandidates = throughEntries
    ? sql`((SELECT * FROM direct ORDER BY ${pageOrder} LIMIT ${pageEnd})
        UNION ALL (SELECT * FROM entries ORDER BY ${pageOrder} LIMIT ${pageEnd})) AS matches`
    : matches;
  const page = sql`page AS (SELECT * FROM ${pageCandidates} ORDER BY ${pageOrder} OFFSET ${request.offset} LIMIT ${request.limit})`;
  return { keyColumns, pageOrder, matchSets, matches, page };
}

export function createItemSearchRepository(db: Database) {
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
    /** Names to show for the creator facet's user ids, in one read; ids that are no user of the tenant are absent. */
    async creatorLabels(tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> {
      const ids = userIds.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(and(eq(user.tenantId, tenantId), inArray(user.id, ids)));
      return new Map(rows.map((row) => [row.id, row.name || row.email]));
    },
    /**
     * One page of matches with the total and facet counts, all over the same set: the query, the filters, the
     * tenant, live items only, and what the actor may see. One statement: the matches are found once (a
     * materialised set of ids and the few columns counted and sorted), then paged, and counted in one pass.
     */
    async search(tenantId: string, request: TItemSearchRequest): Promise<TItemSearchResult> {
      const { keyColumns, pageOrder, matchSets, matches, page } = matchHalves(tenantId, request);
      const fields = request.facetFields;
      // Narrow rows (the creator as uuid, not text): tens of thousands of them must stay within work_mem.
      const matchColumns = [
        sql`${item.itemType} AS item_type`,
        sql`${item.createdBy} AS created_by`,
        sql`${item.processingState} AS state`,
        ...keyColumns,
        ...(fields.length > 0 ? [sql`${item.facetTerms} AS terms`] : []),
      ];
      // The matches are the direct ones and those through log entries, read together where needed rather than
      // copied into one more set of tens of thousands of rows. Materialised (found once, kept for the page and the
      // counts) when the page needs every match's rank or the counts read them twice (field facets); otherwise each
      // reader finds them itself, which costs less than keeping them: the page walks the tenant's items in date
      // order and stops at its last row, and the counts read no more than the counting needs.
      const materialised = request.sort.by === 'relevance' || fields.length > 0;
      // The total and the built-in facets in one scan of the matches (grouping sets), not one scan each.
      const kindOf = sql.raw(
        `CASE ${builtinCounts
          .flatMap((count) => (count.column ? [`WHEN grouping(${count.column}) = 0 THEN '${count.kind}'`] : []))
          .join(' ')} ELSE 'total' END`,
      );
      const groupedValue = sql.raw(
        `coalesce(${builtinCounts.flatMap((count) => (count.column ? [`${count.column}::text`] : [])).join(', ')})`,
      );
      const groupingSets = sql.raw(builtinCounts.map((count) => `(${count.column ?? ''})`).join(', '));
      // Every field facet in one more pass: each match's facet terms (a value once per item, as its value rows
      // carry it), those of the fields asked for.
      const fieldOf = sql`left(term, strpos(term, chr(31)) - 1)`;
      const fieldCounts =
        fields.length === 0
          ? sql``
          : sql`UNION ALL SELECT 'field:' || ${fieldOf}, substr(term, strpos(term, chr(31)) + 1), count(*)::int
            FROM ${matches}, unnest(matches.terms) AS term
            WHERE ${fieldOf} = ANY(${textArray(fields)})
            GROUP BY term`;
      const statement = sql`
        WITH ${matchSets(materialised, matchColumns)},
        ${page},
        counts AS (
          SELECT ${kindOf} AS kind, ${groupedValue} AS value, count(*)::int AS count
          FROM ${matches} GROUP BY GROUPING SETS (${groupingSets})
          ${fieldCounts}
        )
        SELECT 'page' AS kind, id::text AS value, 0 AS count, (row_number() OVER (ORDER BY ${pageOrder}))::int AS position
        FROM page
        UNION ALL
        SELECT kind, value, count, position::int FROM (
          SELECT kind, value, count, row_number() OVER (PARTITION BY kind ORDER BY count DESC, value) AS position
          FROM counts WHERE kind = 'total' OR value IS NOT NULL
        ) AS ranked WHERE position <= ${FACET_LIMIT}
      `;
      // The session settings of every connection (database.ts) suit this statement: no parallel workers or JIT,
      // and the memory to keep the matches off disk.
      const found = ((await db.execute(statement)) as unknown as { rows: TSearchRow[] }).rows;

      const facets: TItemSearchResult['facets'] = { itemType: [], state: [], createdBy: [], fields: {} };
      for (const fieldId of request.facetFields) facets.fields[fieldId] = [];
      const ids: string[] = [];
      let total = 0;
      for (const row of [...found].sort((a, b) => a.position - b.position)) {
        if (row.kind === 'page') ids.push(row.value!);
        else if (row.kind === 'total') total = row.count;
        else if (row.kind.startsWith('field:'))
          facets.fields[row.kind.slice(6)]!.push({ value: row.value!, count: row.count });
        else facets[row.kind as 'itemType' | 'state' | 'createdBy'].push({ value: row.value!, count: row.count });
      }
      return { ids, total, facets };
    },
    /**
     * One page of the same matches in the same order as search's, without counting them: a list's later pages,
     * whose first page gave the total and facets. Each half finds its first rows itself (nothing is kept), so a date
     * order walks the tenant's index and stops at the page's last row.
     */
    async page(tenantId: string, request: TItemPageRequest): Promise<string[]> {
      const { keyColumns, pageOrder, matchSets, page } = matchHalves(tenantId, request);
      const found = await db.execute(sql`
        WITH ${matchSets(false, keyColumns)}, ${page}
        SELECT id::text AS id FROM page ORDER BY ${pageOrder}`);
      return (found as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
    },
  };
}
