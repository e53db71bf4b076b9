import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createTestDatabase, testBackends, type TTestBackend } from '@mam/db/testing';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { compileToPostgres, type PgSearchTarget } from './postgres.compiler';
import { parseQuery } from './query.parser';
import { suiteFields as fields, suiteItems as items, suiteQueries as queries } from './testing/query-suite';

interface ScratchDatabase {
  rows<T>(query: SQL): Promise<T[]>;
  /** Runs the queries on one connection, inside a transaction that is rolled back. */
  inRolledBackTransaction<T>(work: (rows: <R>(query: SQL) => Promise<R[]>) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

type Executor = { execute(query: SQL): Promise<unknown> };

const rowsOf =
  (executor: Executor) =>
  async <T>(query: SQL): Promise<T[]> =>
    ((await executor.execute(query)) as { rows: T[] }).rows;

class Rollback extends Error {}

function scratch(
  db: Executor & { transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> },
  dispose: () => Promise<void>,
): ScratchDatabase {
  return {
    rows: rowsOf(db),
    async inRolledBackTransaction(work) {
      let result: Awaited<ReturnType<typeof work>> | undefined;
      await db
        .transaction(async (tx) => {
          result = await work(rowsOf(tx));
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
      return result!;
    },
    dispose,
  };
}

/**
 * The migrated test database of @mam/db on the PostgreSQL server; on PGlite our own instance, since pg_trgm has to
 * be loaded when PGlite starts and the shared helper does not load it.
 */
async function openScratchDatabase(backend: TTestBackend): Promise<ScratchDatabase> {
  if (backend === 'postgres') {
    const database = await createTestDatabase('postgres');
    return scratch(database.db, () => database.dispose());
  }
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  return scratch(drizzle(pglite), () => pglite.close());
}

const target: PgSearchTarget = {
  vector: sql`i.search_vector`,
  text: sql`i.search_text`,
  builtins: {
    title: sql`i.title`,
    description: sql`i.description`,
    filename: sql`i.filename`,
    type: sql`i.item_type`,
    state: sql`i.state`,
    created: sql`i.created_at`,
    modified: sql`i.modified_at`,
  },
  fieldValues: {
    table: sql`search_spec_field_value fv`,
    itemIdColumn: sql`fv.item_id`,
    outerItemId: sql`i.id`,
    fieldIdColumn: sql`fv.field_id`,
    textColumn: sql`fv.value_text`,
    numberColumn: sql`fv.value_number`,
    dateColumn: sql`fv.value_date`,
  },
};
/** The same items with their field keys: keyword and checkbox equality reads them instead of the value rows. */
const keyedTarget: PgSearchTarget = { ...target, fieldKeys: sql`i.field_keys` };

async function createSchema(db: ScratchDatabase): Promise<void> {
  const statements = [
    sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    sql`CREATE TABLE search_spec_item (
      id integer PRIMARY KEY, title text NOT NULL, description text, filename text NOT NULL,
      item_type text NOT NULL, state text NOT NULL, created_at timestamptz NOT NULL, modified_at timestamptz NOT NULL,
      search_vector tsvector, search_text text, field_keys text[] NOT NULL DEFAULT '{}')`,
    sql`CREATE TABLE search_spec_field_value (
      item_id integer NOT NULL REFERENCES search_spec_item (id), field_id text NOT NULL,
      value_text text, value_number numeric, value_date timestamptz)`,
    sql`CREATE INDEX search_spec_item_vector ON search_spec_item USING gin (search_vector)`,
    sql`CREATE INDEX search_spec_item_field_keys ON search_spec_item USING gin (field_keys)`,
    sql`CREATE INDEX search_spec_item_text_trgm ON search_spec_item USING gin (search_text gin_trgm_ops)`,
    sql`CREATE INDEX search_spec_field_value_item ON search_spec_field_value (item_id, field_id)`,
    sql`CREATE INDEX search_spec_field_value_trgm ON search_spec_field_value USING gin (lower(value_text) gin_trgm_ops)`,
    sql`CREATE INDEX search_spec_field_value_words ON search_spec_field_value
      USING gin (to_tsvector('simple', value_text))`,
    sql`CREATE INDEX search_spec_item_title_trgm ON search_spec_item USING gin (lower(title) gin_trgm_ops)`,
    sql`CREATE INDEX search_spec_item_title_words ON search_spec_item USING gin (to_tsvector('simple', title))`,
  ];
  for (const statement of statements) await db.rows(statement);
}

async function insertItems(db: ScratchDatabase): Promise<void> {
  for (const item of items) {
    await db.rows(sql`INSERT INTO search_spec_item
      (id, title, description, filename, item_type, state, created_at, modified_at)
      VALUES (${item.id}, ${item.title}, ${item.description}, ${item.filename}, ${item.type}, ${item.state},
        ${item.created}::timestamptz, ${item.created}::timestamptz + interval '1 day')`);
    const values: SQL[] = [
      ...(item.genre ?? []).map((genre) => sql`(${item.id}, 'genre', ${genre}, NULL)`),
      ...(item.notes ? [sql`(${item.id}, 'notes', ${item.notes}, NULL)`] : []),
      ...(item.episode !== undefined ? [sql`(${item.id}, 'episode', NULL, ${item.episode})`] : []),
      ...(item.approved !== undefined ? [sql`(${item.id}, 'approved', ${String(item.approved)}, NULL)`] : []),
    ];
    if (values.length) {
      await db.rows(sql`INSERT INTO search_spec_field_value (item_id, field_id, value_text, value_number)
        VALUES ${sql.join(values, sql`, `)}`);
    }
  }
  // The document: title, description, filename and the values of text and keyword fields (see query-suite).
  const documentFields = fields.filter((field) => field.kind === 'text' || field.kind === 'keyword');
  await db.rows(sql`UPDATE search_spec_item i SET search_text = lower(d.document),
      search_vector = to_tsvector('simple', d.document)
    FROM (SELECT i2.id, concat_ws(' ', i2.title, i2.description, i2.filename,
        (SELECT string_agg(fv.value_text, ' ') FROM search_spec_field_value fv
          WHERE fv.item_id = i2.id AND fv.field_id IN (${sql.join(
            documentFields.map((field) => sql`${field.id}`),
            sql`, `,
          )}))) AS document
      FROM search_spec_item i2) d
    WHERE d.id = i.id`);
  // As item.repository writes them: the text of each value of a field matched whole (keyword and checkbox fields),
  // lower-cased, after its field id.
  const wholeFields = fields.filter((field) => field.kind === 'keyword' || field.kind === 'boolean');
  await db.rows(sql`UPDATE search_spec_item i SET field_keys = ARRAY(
      SELECT DISTINCT fv.field_id || chr(31) || lower(left(fv.value_text, 500)) FROM search_spec_field_value fv
      WHERE fv.item_id = i.id AND fv.value_text IS NOT NULL AND fv.field_id IN (${sql.join(
        wholeFields.map((field) => sql`${field.id}`),
        sql`, `,
      )}))`);
}

function selectIds(text: string, over: PgSearchTarget = target): SQL {
  const condition = compileToPostgres(parseQuery(text, { fields }).ast, over);
  return sql`SELECT i.id FROM search_spec_item i WHERE ${condition} ORDER BY i.id`;
}

describe.each(testBackends)('compiled queries on %s', (backend) => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await openScratchDatabase(backend);
    await createSchema(db);
    await insertItems(db);
  }, 60_000);
  afterAll(() => db?.dispose());

  it.each(queries)('%j finds %j', async (text, expected) => {
    const rows = await db.rows<{ id: number }>(selectIds(text));
    expect(rows.map((row) => Number(row.id))).toEqual(expected);
    const keyed = await db.rows<{ id: number }>(selectIds(text, keyedTarget));
    expect(keyed.map((row) => Number(row.id))).toEqual(expected);
  });

  it('serves keyword equality from the field keys index when the target keeps them', async () => {
    const plan = await db.inRolledBackTransaction(async (rows) => {
      await rows(sql`SET LOCAL enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${selectIds('genre:SPORT', keyedTarget)}`);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('search_spec_item_field_keys');
  });

  it('binds every user value, so SQL in a query is only text to search for', async () => {
    const rows = await db.rows<{ id: number }>(selectIds(`"x' OR 1=1 --" OR title:"'); DROP TABLE x; --"`));
    expect(rows).toEqual([]);
    expect((await db.rows<{ id: number }>(selectIds('paris'))).length).toBe(3);
  });

  // With sequential scans priced out, the plan shows whether an index can serve the condition at all.
  it.each([
    ['goal', 'search_spec_item_vector'],
    ['lond*', 'search_spec_item_vector'],
    ['"big cat"', 'search_spec_item_vector'],
    // pg_trgm narrows by runs of three literal characters; shorter patterns (te?t) are read in full.
    ['lond?n', 'search_spec_item_text_trgm'],
    ['*ondon', 'search_spec_item_text_trgm'],
  ])('serves %j from the index %s', async (text, index) => {
    const plan = await db.inRolledBackTransaction(async (rows) => {
      await rows(sql`SET LOCAL enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${selectIds(text)}`);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(index);
  });

  // Field conditions sit in a correlated EXISTS that the (item_id, field_id) index serves on a table this small;
  // without it (dropped inside the rolled-back transaction) the plan shows which index serves the condition itself.
  it.each([
    ['notes:*view*', 'search_spec_field_value_trgm'],
    ['genre:spo*', 'search_spec_field_value_trgm'],
    ['notes:interview', 'search_spec_field_value_words'],
    ['notes:"live shot"', 'search_spec_field_value_words'],
    ['title:*ondon*', 'search_spec_item_title_trgm'],
    ['title:goal', 'search_spec_item_title_words'],
  ])('serves %j from the index %s', async (text, index) => {
    const plan = await db.inRolledBackTransaction(async (rows) => {
      await rows(sql`DROP INDEX search_spec_field_value_item`);
      await rows(sql`SET LOCAL enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${selectIds(text)}`);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(index);
  });
});
