import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './columns';
import { item } from './item.table';

/**
 * One row per value of a metadata field on an item (a multiple choice has several), typed so that field queries,
 * ranges and facets use indexes. Rewritten with the item's metadata in the same transaction.
 */
export const itemFieldValue = pgTable(
  'item_field_value',
  {
    tenantId: tenantIdColumn(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    fieldId: text('field_id').notNull(),
    valueText: text('value_text'),
    valueNumber: doublePrecision('value_number'),
    valueDate: timestamp('value_date', { withTimezone: true }),
    // The value as facets count it, short enough for a btree key: with the item and field it makes an index that
    // answers facet counts over a search's matches without reading the rows.
    facetValue: text('facet_value').generatedAlwaysAs(sql`left(value_text, 500)`),
  },
  (t) => [
    index('item_field_value_item_field_idx').on(t.itemId, t.fieldId, t.facetValue),
    index('item_field_value_text_idx').on(t.tenantId, t.fieldId, sql`lower(${t.valueText})`),
    // Field wildcards (lower(…) LIKE) and field words (full-text on the value), as @mam/search compiles them with
    // the tenant (the bindings' scope).
    index('item_field_value_trgm_idx').using('gin', t.tenantId, sql`lower(${t.valueText}) gin_trgm_ops`),
    index('item_field_value_words_idx').using('gin', t.tenantId, sql`to_tsvector('simple', ${t.valueText})`),
    index('item_field_value_number_idx').on(t.tenantId, t.fieldId, t.valueNumber),
    index('item_field_value_date_idx').on(t.tenantId, t.fieldId, t.valueDate),
  ],
);
