import { sql, type SQL } from 'drizzle-orm';
import { metadataForm, tenant } from '../schema';

/**
 * A token of what a search is planned from besides its input: the tenant's row (its settings, such as the default
 * search filter) and its metadata forms (the fields a query names). It names each row by the transaction that last
 * wrote it (xmin) and the forms by id, so any committed change to them, a form added or deleted among them, gives
 * another token, and a change undone by a later one does not give the old token back. A search planned from
 * settings kept in memory reads it beside its statements and plans again when it differs (search-settings).
 */
export function searchSettingsToken(tenantId: string): SQL<string> {
  return sql<string>`md5(
    coalesce((SELECT ${tenant}.xmin::text FROM ${tenant} WHERE ${tenant.id} = ${tenantId}), '') || '/' ||
    coalesce((SELECT string_agg(${metadataForm.id}::text || ':' || ${metadataForm}.xmin::text, ',' ORDER BY ${metadataForm.id})
      FROM ${metadataForm} WHERE ${metadataForm.tenantId} = ${tenantId}), ''))`;
}
