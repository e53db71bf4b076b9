import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL full-text document; read only by the search compiler, never selected into rows. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** The text search configuration of every document and query: no stemming, so Norwegian, French and English match alike. */
export const SEARCH_CONFIG = 'simple';
