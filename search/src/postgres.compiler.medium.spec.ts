import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createTestDatabase, testBackends, type TTestBackend } from '@mam/db/testing';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { compileToPostgres, type PgSearchTarget } from './postgres.compiler';
import { parseQuery } from './query.parser';
import { form } from './testing/ast.builders';

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

const fields = [
  form('genre', 'keyword'),
  form('notes', 'text'),
  form('episode', 'number'),
  form('approved', 'boolean'),
];

interface Item {
  id: number;
  title: string;
  description: string | null;
  filename: string;
  type: string;
  state: string;
  created: string;
  genre?: string[];
  notes?: string;
  episode?: number;
  approved?: boolean;
}

const items: Item[] = [
  {
    id: 1,
    title: 'Cup final: goal of the season',
    description: 'Late winner from the penalty spot',
    filename: 'cup_final_goal.mp4',
    type: 'video',
    state: 'COMPLETE',
    created: '2024-05-18T20:45:00Z',
    genre: ['Sport'],
    episode: 12,
    approved: true,
  },
  {
    id: 2,
    title: 'Goalkeeper training',
    description: 'Keeper drills at the stadium',
    filename: 'keeper.mov',
    type: 'video',
    state: 'COMPLETE',
    created: '2024-03-02T09:00:00Z',
    genre: ['Sport', 'Training'],
  },
  {
    id: 3,
    title: 'Election night live',
    description: 'Results from London and Paris',
    filename: 'election_live.mxf',
    type: 'video',
    state: 'PROGRESSING',
    created: '2023-11-05T22:00:00Z',
    genre: ['News'],
    notes: 'Live shot from the count',
    episode: 1,
  },
  {
    id: 4,
    title: 'London skyline timelapse',
    description: 'Dawn over the Thames',
    filename: 'skyline.mp4',
    type: 'video',
    state: 'COMPLETE',
    created: '2022-07-01T05:00:00Z',
    genre: ['Nature'],
  },
  {
    id: 5,
    title: 'Londonderry walls',
    description: 'Historic city walls',
    filename: 'walls.jpg',
    type: 'image',
    state: 'COMPLETE',
    created: '2021-09-10T12:00:00Z',
  },
  {
    id: 6,
    title: 'Paris interview',
    description: 'Mayor interview about the Olympics',
    filename: 'interview_paris.wav',
    type: 'audio',
    state: 'COMPLETE',
    created: '2024-06-30T15:00:00Z',
    genre: ['News'],
    notes: 'Interview recorded on location',
    episode: 5,
  },
  {
    id: 7,
    title: 'Text colour test',
    description: 'Colour bars and tone',
    filename: 'bars.mxf',
    type: 'video',
    state: 'ERROR',
    created: '2020-01-15T08:00:00Z',
    notes: 'Test pattern',
  },
  {
    id: 8,
    title: 'Text color test',
    description: 'Color bars',
    filename: 'bars_us.mxf',
    type: 'video',
    state: 'COMPLETE',
    created: '2020-02-15T08:00:00Z',
  },
  {
    id: 9,
    title: 'Big cat documentary',
    description: 'The big cat hunts at dusk',
    filename: 'bigcat.mp4',
    type: 'video',
    state: 'COMPLETE',
    created: '2019-12-31T23:00:00Z',
    genre: ['Nature'],
    episode: 3,
  },
  {
    id: 10,
    title: 'Cat video',
    description: 'A big, fluffy cat',
    filename: 'cat.gif',
    type: 'image',
    state: 'INITIATED',
    created: '2024-01-01T00:00:00Z',
  },
  {
    id: 11,
    title: "Rock'n'roll archive",
    description: 'Concert from 1969',
    filename: 'rocknroll_1969.wav',
    type: 'audio',
    state: 'COMPLETE',
    created: '1969-07-20T20:00:00Z',
    genre: ['Music'],
    episode: 7,
  },
  {
    id: 12,
    title: 'Sheep-dog trials',
    description: 'Dogs herding sheep',
    filename: 'sheepdog.mp4',
    type: 'video',
    state: 'COMPLETE',
    created: '2023-08-08T10:00:00Z',
    genre: ['Nature', 'Sport'],
  },
  {
    id: 13,
    title: '100% pure footage',
    description: 'Raw_clip without edits',
    filename: 'raw_clip.mov',
    type: 'video',
    state: 'COMPLETE',
    created: '2023-01-01T00:00:00Z',
    notes: '50% slower',
  },
  {
    id: 14,
    title: 'Press release',
    description: 'Statement from the club',
    filename: 'statement.pdf',
    type: 'file',
    state: 'COMPLETE',
    created: '2024-05-19T09:00:00Z',
    genre: ['Sport'],
    approved: false,
  },
  {
    id: 15,
    title: 'Weather update',
    description: 'Storm over Paris',
    filename: 'weather.mp4',
    type: 'video',
    state: 'PROGRESSING',
    created: '2024-05-01T10:00:00Z',
    genre: ['News'],
    episode: 2,
  },
  {
    id: 16,
    title: 'Tennis highlights',
    description: 'Final set tie-break',
    filename: 'tennis.mp4',
    type: 'video',
    state: 'COMPLETE',
    created: '2024-07-14T18:00:00Z',
    genre: ['Sport'],
    episode: 10,
  },
  {
    id: 17,
    title: 'Untitled',
    description: null,
    filename: 'IMG_0001.JPG',
    type: 'image',
    state: 'COMPLETE',
    created: '2022-02-22T22:22:00Z',
  },
  {
    id: 18,
    title: 'Jazz night',
    description: 'Late night jazz session',
    filename: 'jazz.wav',
    type: 'audio',
    state: 'COMPLETE',
    created: '2021-11-11T21:00:00Z',
    genre: ['Music'],
    notes: 'Stereo mix',
  },
  {
    id: 19,
    title: 'Goals of the month',
    description: 'Best goals from April',
    filename: 'goals_april.mp4',
    type: 'video',
    state: 'COMPLETE',
    created: '2024-04-30T12:00:00Z',
    genre: ['Sport'],
    episode: 4,
  },
  {
    id: 20,
    title: 'Archive scan',
    description: 'Scanned newspaper page',
    filename: 'scan.tiff',
    type: 'image',
    state: 'ERROR',
    created: '2018-06-06T06:00:00Z',
  },
];

const allIds = items.map((item) => item.id);
const except = (...ids: number[]) => allIds.filter((id) => !ids.includes(id));

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

async function createSchema(db: ScratchDatabase): Promise<void> {
  const statements = [
    sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    sql`CREATE TABLE search_spec_item (
      id integer PRIMARY KEY, title text NOT NULL, description text, filename text NOT NULL,
      item_type text NOT NULL, state text NOT NULL, created_at timestamptz NOT NULL, modified_at timestamptz NOT NULL,
      search_vector tsvector, search_text text)`,
    sql`CREATE TABLE search_spec_field_value (
      item_id integer NOT NULL REFERENCES search_spec_item (id), field_id text NOT NULL,
      value_text text, value_number numeric, value_date timestamptz)`,
    sql`CREATE INDEX search_spec_item_vector ON search_spec_item USING gin (search_vector)`,
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
  // The document: title, description, filename and the values of text fields, as the product's indexer builds it.
  await db.rows(sql`UPDATE search_spec_item i SET search_text = lower(d.document),
      search_vector = to_tsvector('simple', d.document)
    FROM (SELECT i2.id, concat_ws(' ', i2.title, i2.description, i2.filename,
        (SELECT string_agg(fv.value_text, ' ') FROM search_spec_field_value fv
          WHERE fv.item_id = i2.id AND fv.field_id = 'notes')) AS document
      FROM search_spec_item i2) d
    WHERE d.id = i.id`);
}

function selectIds(text: string): SQL {
  const condition = compileToPostgres(parseQuery(text, { fields }).ast, target);
  return sql`SELECT i.id FROM search_spec_item i WHERE ${condition} ORDER BY i.id`;
}

const queries: [string, number[]][] = [
  ['', allIds],
  ['*', allIds],
  ['goal', [1]],
  ['GOAL', [1]],
  ['goal*', [1, 2, 19]],
  ['keeper', [2]],
  ['final', [1, 16]],
  ['"big cat"', [9]],
  ['"Big  Cat"', [9]],
  ['cat', [9, 10]],
  ['"live shot"', [3]],
  ['lond*', [3, 4, 5]],
  ['*ondon', [3, 4, 5]],
  ['col?r', [8]],
  ['colo*r', [7, 8]],
  ['te?t', [7, 8]],
  ['*0%*', [13]],
  ['*w_c*', [13]],
  ['sheep-dog', [12]],
  ['dog', [12]],
  ["rock'n'roll", [11]],
  ['title:cat', [9, 10]],
  ['title:goal*', [1, 2, 19]],
  ['title:"text colour"', [7]],
  ['title:"rock\'n\'roll archive"', [11]],
  ['title:final', [1]],
  ['title:*', allIds],
  ['description:*', except(17)],
  ['-description:*', [17]],
  ['-description:night', except(18)],
  ['description:*ondo?', [3]],
  ['filename:*.wav', [6, 11, 18]],
  ['type:image', [5, 10, 17, 20]],
  ['type:IMAGE', [5, 10, 17, 20]],
  ['type:aud*', [6, 11, 18]],
  ['-type:video', [5, 6, 10, 11, 14, 17, 18, 20]],
  ['state:progressing', [3, 15]],
  ['genre:sport', [1, 2, 12, 14, 16, 19]],
  ['genre:"Sport"', [1, 2, 12, 14, 16, 19]],
  ['genre:spo*', [1, 2, 12, 14, 16, 19]],
  ['genre:sport genre:nature', [12]],
  ['genre:sport -genre:training', [1, 12, 14, 16, 19]],
  ['genre:(news OR music)', [3, 6, 11, 15, 18]],
  ['genre:*', [1, 2, 3, 4, 6, 9, 11, 12, 14, 15, 16, 18, 19]],
  ['-genre:*', [5, 7, 8, 10, 13, 17, 20]],
  ['notes:interview', [6]],
  ['notes:"live shot"', [3]],
  ['notes:inter*', [6]],
  ['notes:*%*', [13]],
  ['notes:*view*', [6]],
  ['episode:12', [1]],
  ['episode:[3 TO 7]', [6, 9, 11, 19]],
  ['episode:{3 TO 7}', [6, 19]],
  ['episode:{3 TO 7]', [6, 11, 19]],
  ['episode:>=10', [1, 16]],
  ['episode:<2', [3]],
  ['approved:true', [1]],
  ['approved:FALSE', [14]],
  ['-approved:true', except(1)],
  ['created:2024', [1, 2, 6, 10, 14, 15, 16, 19]],
  ['created:2024-05', [1, 14, 15]],
  ['created:2024-05-18', [1]],
  ['created:[2020 TO 2021]', [5, 7, 8, 18]],
  ['created:{2019 TO 2021}', [7, 8]],
  ['created:[2024-05 TO *]', [1, 6, 14, 15, 16]],
  ['created:<2020', [9, 11, 20]],
  ['created:<=2019-12-31T23:00:00Z', [9, 11, 20]],
  ['created:<2019-12-31T23:00:00Z', [11, 20]],
  ['created:>2024-05-01T10:00:00Z', [1, 6, 14, 16]],
  ['created:>=2024-05-01T10:00:00Z', [1, 6, 14, 15, 16]],
  ['created:2024-05-01T12:00:00+02:00', [15]],
  ['modified:2024-05-19', [1]],
  ['london OR paris', [3, 4, 6, 15]],
  ['london paris', [3]],
  ['london AND paris', [3]],
  ['london AND NOT paris', [4]],
  ['london -paris', [4]],
  ['(london OR paris) type:video', [3, 4, 15]],
  ['paris OR london type:audio', [3, 6, 15]],
  ['NOT type:video AND NOT type:image', [6, 11, 14, 18]],
  ['-(type:video OR type:image)', [6, 11, 14, 18]],
  ['goal* AND type:video', [1, 2, 19]],
  ['genre:sport (created:2024-05 OR episode:>5) -type:file', [1, 16]],
];

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
