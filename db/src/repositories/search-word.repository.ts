import { sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { item, searchWord, searchWordList } from '../schema';
import { textArray } from './sql-values';

/** Words shorter or longer than these are neither corrected nor suggested. */
export const SEARCH_WORD_MIN = 3;
export const SEARCH_WORD_MAX = 40;
/** At most this many candidates of each kind for one word. */
const CANDIDATES = 200;

/**
 * A tenant's search words (search_word): kept from its items' search vectors, rebuilt when they changed since, and
 * the closest of them to a word a query has but no item does.
 */
export function createSearchWordRepository(db: Database) {
  const rowsOf = async <T>(statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

  return {
    /**
     * Whether the words need rebuilding: never built, or an item of the tenant changed after the last build (an
     * item's change, deletion included, moves its updated_at).
     */
    async stale(tenantId: string): Promise<{ built: boolean; stale: boolean; builtAt: Date | null }> {
      const [row] = await rowsOf<{ built_at: string | Date | null; changed_at: string | Date | null }>(sql`
        SELECT (SELECT ${searchWordList.refreshedAt} FROM ${searchWordList} WHERE ${searchWordList.tenantId} = ${tenantId}) AS built_at,
          (SELECT max(${item.updatedAt}) FROM ${item} WHERE ${item.tenantId} = ${tenantId}) AS changed_at`);
      const builtAt = row?.built_at ? new Date(row.built_at) : null;
      const changedAt = row?.changed_at ? new Date(row.changed_at) : null;
      return {
        built: builtAt !== null,
        builtAt,
        stale: builtAt === null || (changedAt !== null && changedAt >= builtAt),
      };
    },

    /** Rebuilds the tenant's words from its live items' search vectors, in one transaction. */
    async rebuild(tenantId: string): Promise<number> {
      return db.transaction(async (tx) => {
        // The build time is taken first: a change made while ts_stat reads counts as after it.
        await tx.execute(sql`
          INSERT INTO ${searchWordList} (tenant_id, refreshed_at) VALUES (${tenantId}, clock_timestamp())
          ON CONFLICT (tenant_id) DO UPDATE SET refreshed_at = excluded.refreshed_at`);
        await tx.execute(sql`DELETE FROM ${searchWord} WHERE ${searchWord.tenantId} = ${tenantId}`);
        const inserted = (await tx.execute(sql`
          INSERT INTO ${searchWord} (tenant_id, word, items)
          SELECT ${tenantId}, word, ndoc FROM ts_stat(format(
            'SELECT search_vector FROM item WHERE tenant_id = %L::uuid AND deleted_at IS NULL', ${tenantId}::text))
          WHERE length(word) BETWEEN ${SEARCH_WORD_MIN} AND ${SEARCH_WORD_MAX} AND word !~ '[0-9_]'
          RETURNING 1`)) as unknown as { rows: unknown[] };
        return inserted.rows.length;
      });
    },

    /** Which of the (lower-case) words the tenant's items have. */
    async known(tenantId: string, words: readonly string[]): Promise<Set<string>> {
      if (words.length === 0) return new Set();
      const rows = await rowsOf<{ word: string }>(sql`
        SELECT ${searchWord.word} AS word FROM ${searchWord}
        WHERE ${searchWord.tenantId} = ${tenantId} AND ${searchWord.word} = ANY(${textArray(words)})`);
      return new Set(rows.map((row) => row.word));
    },

    /**
     * The tenant's words that may be `word` mistyped, the most used first: those sharing enough of its trigrams
     * (the trigram index) and those of about its length with its first letter (the primary key's order), which
     * catch the swapped letters trigrams miss. Which is closest is the caller's to judge.
     */
    async candidates(tenantId: string, word: string): Promise<Array<{ word: string; items: number }>> {
      const first = word.slice(0, 1);
      return rowsOf<{ word: string; items: number }>(sql`
        (SELECT ${searchWord.word} AS word, ${searchWord.items} AS items FROM ${searchWord}
          WHERE ${searchWord.tenantId} = ${tenantId} AND ${searchWord.word} % ${word}
          ORDER BY similarity(${searchWord.word}, ${word}) DESC LIMIT ${CANDIDATES})
        UNION
        (SELECT ${searchWord.word}, ${searchWord.items} FROM ${searchWord}
          WHERE ${searchWord.tenantId} = ${tenantId} AND ${searchWord.word} >= ${first}
            AND left(${searchWord.word}, 1) = ${first}
            AND length(${searchWord.word}) BETWEEN ${word.length - 2} AND ${word.length + 2}
          ORDER BY ${searchWord.items} DESC LIMIT ${CANDIDATES})
        ORDER BY items DESC, word`);
    },
  };
}

export type SearchWordRepository = ReturnType<typeof createSearchWordRepository>;
