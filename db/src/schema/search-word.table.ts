import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './columns';

/**
 * The words of a tenant's item search documents (ts_stat over their search vectors) with how many items have each:
 * what "did you mean" corrects a query's unknown words to, by trigram similarity. A copy, rebuilt when the items
 * changed since (searchWordList.refreshedAt), so a search never reads every item's document to suggest.
 */
export const searchWord = pgTable(
  'search_word',
  {
    tenantId: tenantIdColumn(),
    word: text('word').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.word] }),
    index('search_word_trgm_idx').using('gin', t.tenantId, t.word.op('gin_trgm_ops')),
  ],
);

/** When a tenant's search words were last rebuilt. */
export const searchWordList = pgTable('search_word_list', {
  tenantId: tenantIdColumn().primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});
