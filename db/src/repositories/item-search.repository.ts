import type { TItemSearchFilters, TViewScope } from '@mam/core';
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../client/database';
import { folder, item, itemFieldValue, itemVersion } from '../schema';
import type { TItemWithVersion } from './item.repository';

/**
 * Where a compiled search query finds an item's data (the shape `@mam/search`'s PostgreSQL compiler expects).
 * Built-ins read the item and its leading version, which every search query joins.
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
    state: sql`(${itemVersion.transcoding}->>'state')`,
    filename: sql`${itemVersion.fileName}`,
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
  /** The compiled query; `sql\`TRUE\`` for everything. */
  where: SQL;
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
    filters.states?.length
      ? sql`(${itemVersion.transcoding}->>'state') = ANY(${textArray(filters.states)})`
      : undefined,
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

function orderBy(sort: TItemSearchSort): SQL[] {
  const direction = (column: SQL | AnyPgColumn, dir: 'asc' | 'desc') => (dir === 'asc' ? asc(column) : desc(column));
  switch (sort.by) {
    case 'relevance':
      return [desc(sort.rank), desc(item.createdAt), desc(item.id)];
    case 'created':
      return [direction(item.createdAt, sort.direction), desc(item.id)];
    case 'modified':
      return [direction(item.updatedAt, sort.direction), desc(item.id)];
    case 'title':
      return [direction(sql`lower(${item.title})`, sort.direction), desc(item.id)];
    case 'field': {
      // Items without the field go last either way.
      const value = sql`(SELECT ${sort.direction === 'asc' ? sql`min` : sql`max`}(coalesce(${itemFieldValue.valueDate}::text, lpad(${itemFieldValue.valueNumber}::text, 24, '0'), lower(${itemFieldValue.valueText})))
        FROM ${itemFieldValue} WHERE ${itemFieldValue.itemId} = ${item.id} AND ${itemFieldValue.fieldId} = ${sort.fieldId})`;
      return [sql`${value} ${sql.raw(sort.direction === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`, desc(item.id)];
    }
  }
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
    /**
     * One page of matches with the total and facet counts, all over the same set: the query, the filters, the
     * tenant, live items only, and what the actor may see.
     */
    async search(tenantId: string, request: TItemSearchRequest): Promise<TItemSearchResult> {
      const where = and(
        eq(item.tenantId, tenantId),
        isNull(item.deletedAt),
        visibleItemsCondition(request.scope),
        request.where,
        ...filterConditions(tenantId, request.filters),
      )!;
      const matches = { item, version: itemVersion };
      const count = sql<number>`count(*)::int`;
      const facet = async (column: SQL): Promise<TFacetCount[]> => {
        const counted = await db
          .select({ value: sql<string | null>`${column}`, count })
          .from(item)
          .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId))
          .where(where)
          .groupBy(column)
          .orderBy(desc(count))
          .limit(FACET_LIMIT);
        return counted.flatMap((row) => (row.value === null ? [] : [{ value: String(row.value), count: row.count }]));
      };

      // Each match's leading version read by key: a join would scan every version of the tenant (large rows).
      const stateFacet = () =>
        facet(sql`(SELECT v.transcoding->>'state' FROM ${itemVersion} v WHERE v.id = ${item.leadingVersionId})`);

      // Order and cut ids first, then read whole rows for the page only: sorting full rows (search document,
      // metadata) of every match is what made large result sets slow.
      const pageIds = await db
        .select({ id: item.id })
        .from(item)
        .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId))
        .where(where)
        .orderBy(...orderBy(request.sort))
        .offset(request.offset)
        .limit(request.limit);
      const ids = pageIds.map((row) => row.id);
      const byId = new Map(
        ids.length === 0
          ? []
          : (
              await db
                .select(matches)
                .from(item)
                .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId))
                .where(and(eq(item.tenantId, tenantId), inArray(item.id, ids)))
            ).map((row) => [row.item.id, row] as const),
      );
      const rows: TItemWithVersion[] = ids.flatMap((id) => byId.get(id) ?? []);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count })
        .from(item)
        .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId))
        .where(where);
      const fieldFacets: Record<string, TFacetCount[]> = {};
      for (const fieldId of request.facetFields) {
        const matching = db
          .select({ id: item.id })
          .from(item)
          .leftJoin(itemVersion, eq(itemVersion.id, item.leadingVersionId))
          .where(where);
        const counted = await db
          .select({
            value: itemFieldValue.valueText,
            count: sql<number>`count(DISTINCT ${itemFieldValue.itemId})::int`,
          })
          .from(itemFieldValue)
          .where(
            and(
              eq(itemFieldValue.tenantId, tenantId),
              eq(itemFieldValue.fieldId, fieldId),
              inArray(itemFieldValue.itemId, matching),
            ),
          )
          .groupBy(itemFieldValue.valueText)
          .orderBy(desc(sql`2`))
          .limit(FACET_LIMIT);
        fieldFacets[fieldId] = counted.flatMap((row) =>
          row.value === null ? [] : [{ value: row.value, count: row.count }],
        );
      }
      return {
        rows,
        total,
        facets: {
          itemType: await facet(sql`${item.itemType}`),
          state: await stateFacet(),
          createdBy: await facet(sql`${item.createdBy}::text`),
          fields: fieldFacets,
        },
      };
    },
  };
}
