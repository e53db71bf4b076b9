import { sql } from 'drizzle-orm';
import { item, itemFieldValue, itemVersion } from '../schema';

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
    approval: sql`${item.approvalStatus}`,
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
