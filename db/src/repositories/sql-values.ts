import { sql, type SQL } from 'drizzle-orm';

/** A text[] of bound values (`ARRAY[]::text[]` when empty, which a bare `ARRAY[]` cannot be). */
export function textArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`ARRAY[]::text[]`
    : sql`ARRAY[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}

/** A uuid[] of ids, bound as one array literal (a uuid's text needs no quoting). */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}
