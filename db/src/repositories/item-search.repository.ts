import type { TItemSearchFilters, TViewScope } from '@mam/core';
import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { folder, item, itemFieldValue, itemVersion, logEntry } from '../schema';
import type { TItemWithVersion } from './item.repository';

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
  /** Fields whose values are counted over the matches (choice-like fields). */
  facetFields: string[];
}

export interface TFacetCount {
  value: string;
  count: number;
}

export interface TItemSearchResult {
  rows: TItemWithVersion[];
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
  return sql`(${item.ownerId} = ${scope.userId} OR CASE coalesce(${item.visibleTo}->>'level', 'tenant')
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
}

/** What the page is ordered by, computed once per match; ties go newest id first. */
function sortKeys(sort: TItemSearchSort): TSortKey[] {
  switch (sort.by) {
    case 'relevance':
      return [
        { value: sort.rank, direction: 'desc' },
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
      return [{ value, direction: sort.direction }];
    }
  }
}

type TSearchRow = { kind: string; value: string | null; count: number };

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
    /**
     * One page of matches with the total and facet counts, all over the same set: the query, the filters, the
     * tenant, live items only, and what the actor may see. One statement: the matches are found once (a
     * materialised set of ids and the few columns counted and sorted), then paged, counted and grouped.
     */
    async search(tenantId: string, request: TItemSearchRequest): Promise<TItemSearchResult> {
      const base = and(
        eq(item.tenantId, tenantId),
        isNull(item.deletedAt),
        visibleItemsCondition(request.scope),
        ...filterConditions(tenantId, request.filters),
      )!;
      // The items matching themselves; then, when the query also searches log entries, those with a matching entry
      // that are not among them yet: a second indexable half, unlike `where OR EXISTS (…)`, which makes PostgreSQL
      // test every item of the tenant. The inner join on item gives the entry query the item's built-in fields
      // without correlating it to the outer row.
      const direct = and(base, request.where)!;
      const throughEntries = request.entryWhere
        ? and(
            base,
            sql`${item.id} IN (SELECT ${logEntry.itemId} FROM ${logEntry} JOIN ${item} ON ${item.id} = ${logEntry.itemId}
              WHERE ${logEntry.tenantId} = ${tenantId} AND (${request.entryWhere}))`,
            sql`${item.id} NOT IN (SELECT id FROM direct)`,
          )!
        : undefined;
      const keys = sortKeys(request.sort);
      const keyColumns = keys.map((key, index) => sql`${key.value} AS ${sql.raw(`k${index}`)}`);
      const matchColumns = (where: SQL) =>
        sql`SELECT ${item.id} AS id, ${item.itemType} AS item_type, ${item.createdBy}::text AS created_by,
          ${item.processingState} AS state, ${sql.join(keyColumns, sql`, `)} FROM ${item} WHERE ${where}`;
      const pageOrder = sql.join(
        [
          ...keys.map(
            (key, index) =>
              sql`${sql.raw(`k${index}`)} ${sql.raw(key.direction === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`,
          ),
          sql`id DESC`,
        ],
        sql`, `,
      );
      const counted = (kind: string, column: string) =>
        sql`(SELECT ${kind}::text, ${sql.raw(column)}, count(*)::int FROM matches WHERE ${sql.raw(column)} IS NOT NULL
          GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${FACET_LIMIT})`;
      // The matches are the tenant's items already; by item, field and facet value the index answers alone.
      const fieldFacets = request.facetFields.map(
        (fieldId) =>
          sql`(SELECT ${`field:${fieldId}`}::text, ${itemFieldValue.facetValue}, count(DISTINCT ${itemFieldValue.itemId})::int
            FROM ${itemFieldValue}
            WHERE ${itemFieldValue.itemId} IN (SELECT id FROM matches) AND ${itemFieldValue.fieldId} = ${fieldId}
              AND ${itemFieldValue.facetValue} IS NOT NULL
            GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${FACET_LIMIT})`,
      );
      const result = (await db.execute(sql`
        WITH direct AS MATERIALIZED (${matchColumns(direct)}),
        matches AS MATERIALIZED (SELECT * FROM direct
          ${throughEntries ? sql`UNION ALL ${matchColumns(throughEntries)}` : sql``}),
        page AS (SELECT * FROM matches ORDER BY ${pageOrder} OFFSET ${request.offset} LIMIT ${request.limit})
        SELECT 'page' AS kind, id::text AS value, (row_number() OVER (ORDER BY ${pageOrder}))::int AS count FROM page
        UNION ALL SELECT 'total', NULL, count(*)::int FROM matches
        UNION ALL ${counted('itemType', 'item_type')}
        UNION ALL ${counted('state', 'state')}
        UNION ALL ${counted('createdBy', 'created_by')}
        ${sql.join(
          fieldFacets.map((facet) => sql`UNION ALL ${facet}`),
          sql` `,
        )}
      `)) as unknown as { rows: TSearchRow[] };

      const facets: TItemSearchResult['facets'] = { itemType: [], state: [], createdBy: [], fields: {} };
      for (const fieldId of request.facetFields) facets.fields[fieldId] = [];
      const page: Array<{ id: string; position: number }> = [];
      let total = 0;
      for (const row of result.rows) {
        if (row.kind === 'page') page.push({ id: row.value!, position: row.count });
        else if (row.kind === 'total') total = row.count;
        else if (row.kind.startsWith('field:'))
          facets.fields[row.kind.slice(6)]!.push({ value: row.value!, count: row.count });
        else facets[row.kind as 'itemType' | 'state' | 'createdBy'].push({ value: row.value!, count: row.count });
      }
      page.sort((a, b) => a.position - b.position);
      const ids = page.map((entry) => entry.id);
      const byId = new Map(
        ids.length === 0
          ? []
          : (
              await db
                .select({ item, version: itemVersion })
                .from(item)
                .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId))
                .where(and(eq(item.tenantId, tenantId), inArray(item.id, ids)))
            ).map((row) => [row.item.id, row] as const),
      );
      return { rows: ids.flatMap((id) => byId.get(id) ?? []), total, facets };
    },
  };
}
