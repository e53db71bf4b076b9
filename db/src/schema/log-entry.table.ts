import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';
import { metadataForm } from './metadata-form.table';
import { tsvector } from './search-columns';
import { user } from './user.table';

/**
 * Timed metadata (the Logging tab): the values of a timed metadata form at a marker (tc_in) or a range (tc_in to
 * tc_out), in ticks of 1/12800 s from the media start, like comments.
 */
export const logEntry = pgTable(
  'log_entry',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    // The entries go with their form: values without a form have no labels, checks or permissions left.
    formId: uuid('form_id')
      .notNull()
      .references(() => metadataForm.id, { onDelete: 'cascade' }),
    tcIn: bigint('tc_in', { mode: 'number' }).notNull(),
    tcOut: bigint('tc_out', { mode: 'number' }),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The entry's search document, as item.search_vector / search_text are the item's: a search that matches an
    // entry finds its item at the entry's timecode.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`jsonb_to_tsvector('simple', "values", '["string", "numeric"]')`,
    ),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(jsonb_path_query_array("values", 'strict $.*')::text)`),
  },
  (t) => [
    index('log_entry_tenant_item_idx').on(t.tenantId, t.itemId, t.tcIn),
    index('log_entry_form_idx').on(t.formId),
    index('log_entry_search_vector_idx').using('gin', t.tenantId, t.searchVector),
    index('log_entry_search_text_idx').using('gin', t.tenantId, t.searchText.op('gin_trgm_ops')),
  ],
);

/** The typed value rows of a log entry, as item_field_value holds an item's, so field:value finds entries too. */
export const logEntryFieldValue = pgTable(
  'log_entry_field_value',
  {
    tenantId: tenantIdColumn(),
    logEntryId: uuid('log_entry_id')
      .notNull()
      .references(() => logEntry.id, { onDelete: 'cascade' }),
    fieldId: text('field_id').notNull(),
    valueText: text('value_text'),
    valueNumber: doublePrecision('value_number'),
    valueDate: timestamp('value_date', { withTimezone: true }),
  },
  (t) => [
    index('log_entry_field_value_entry_idx').on(t.logEntryId),
    index('log_entry_field_value_text_idx').on(t.tenantId, t.fieldId, sql`lower(${t.valueText})`),
    index('log_entry_field_value_trgm_idx').using('gin', sql`lower(${t.valueText}) gin_trgm_ops`),
    index('log_entry_field_value_words_idx').using('gin', sql`to_tsvector('simple', ${t.valueText})`),
  ],
);
