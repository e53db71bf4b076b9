import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { compileToPostgres, type PgSearchTarget } from './postgres.compiler';
import { parseQuery } from './query.parser';
import { form } from './testing/ast.builders';

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
    table: sql`field_value fv`,
    itemIdColumn: sql`fv.item_id`,
    outerItemId: sql`i.id`,
    fieldIdColumn: sql`fv.field_id`,
    textColumn: sql`fv.value_text`,
    numberColumn: sql`fv.value_number`,
    dateColumn: sql`fv.value_date`,
  },
};

const fields = [
  form('genre', 'keyword'),
  form('notes', 'text'),
  form('episode', 'number'),
  form('airDate', 'date'),
  form('approved', 'boolean'),
];

const dialect = new PgDialect();

function compile(text: string) {
  return dialect.sqlToQuery(compileToPostgres(parseQuery(text, { fields }).ast, target));
}

const exists = (condition: string) =>
  `EXISTS (SELECT 1 FROM field_value fv WHERE fv.item_id = i.id AND fv.field_id = $1${condition}`;

describe('compileToPostgres', () => {
  const cases: [string, string, unknown[]][] = [
    ['', 'TRUE', []],
    ['*', 'TRUE', []],
    ['goal', "i.search_vector @@ to_tsquery('simple', $1)", ["'goal'"]],
    ["l'avion", "i.search_vector @@ to_tsquery('simple', $1)", ["'l''avion'"]],
    ['a\\\\b&c|!d\\:\\*', "i.search_vector @@ to_tsquery('simple', $1)", ["'a\\\\b&c|!d:*'"]],
    ['"Big Cat"', "i.search_vector @@ phraseto_tsquery('simple', $1)", ['Big Cat']],
    ['lond*', "i.search_vector @@ to_tsquery('simple', $1)", ["'lond':*"]],
    ['te?t', 'i.search_text LIKE lower($1)', ['%te_t%']],
    ['*port', 'i.search_text LIKE lower($1)', ['%%port%']],
    ['lo*n', 'i.search_text LIKE lower($1)', ['%lo%n%']],
    ['*100%_\\\\?', 'i.search_text LIKE lower($1)', ['%%100\\%\\_\\\\_%']],
    [
      'a b',
      "(i.search_vector @@ to_tsquery('simple', $1) AND i.search_vector @@ to_tsquery('simple', $2))",
      ["'a'", "'b'"],
    ],
    [
      'a OR b c',
      "(i.search_vector @@ to_tsquery('simple', $1) OR (i.search_vector @@ to_tsquery('simple', $2) AND i.search_vector @@ to_tsquery('simple', $3)))",
      ["'a'", "'b'", "'c'"],
    ],
    ['-a', "((i.search_vector @@ to_tsquery('simple', $1)) IS NOT TRUE)", ["'a'"]],
    ['title:goal', "to_tsvector('simple', i.title) @@ to_tsquery('simple', $1)", ["'goal'"]],
    ['title:"big cat"', "to_tsvector('simple', i.title) @@ phraseto_tsquery('simple', $1)", ['big cat']],
    ['title:lond*', "to_tsvector('simple', i.title) @@ to_tsquery('simple', $1)", ["'lond':*"]],
    ['description:*ondo?', 'lower(i.description) LIKE lower($1)', ['%%ondo_%']],
    ['title:*', "i.title <> ''", []],
    ['type:Video', 'lower(i.item_type) = lower($1)', ['Video']],
    ['state:"COMPLETE"', 'lower(i.state) = lower($1)', ['COMPLETE']],
    ['type:vid*', 'lower(i.item_type) LIKE lower($1)', ['vid%']],
    ['type:*_?', 'lower(i.item_type) LIKE lower($1)', ['%\\__']],
    ['created:*', 'i.created_at IS NOT NULL', []],
    [
      'created:2024',
      '(i.created_at >= $1::timestamptz AND i.created_at < $2::timestamptz)',
      ['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
    ],
    [
      'created:2024-05-01T10:00:00+02:00',
      '(i.created_at >= $1::timestamptz AND i.created_at <= $2::timestamptz)',
      ['2024-05-01T08:00:00.000Z', '2024-05-01T08:00:00.000Z'],
    ],
    [
      'modified:[2024-02 TO 2024-03]',
      '(i.modified_at >= $1::timestamptz AND i.modified_at < $2::timestamptz)',
      ['2024-02-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z'],
    ],
    [
      'modified:{2024-02 TO 2024-03}',
      '(i.modified_at >= $1::timestamptz AND i.modified_at < $2::timestamptz)',
      ['2024-03-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ],
    ['created:>2024-05-01', 'i.created_at >= $1::timestamptz', ['2024-05-02T00:00:00.000Z']],
    ['created:>=2024-05-01', 'i.created_at >= $1::timestamptz', ['2024-05-01T00:00:00.000Z']],
    ['created:<2024-05', 'i.created_at < $1::timestamptz', ['2024-05-01T00:00:00.000Z']],
    ['created:<=2024-05', 'i.created_at < $1::timestamptz', ['2024-06-01T00:00:00.000Z']],
    ['created:>2024-05-01T10:00:00Z', 'i.created_at > $1::timestamptz', ['2024-05-01T10:00:00.000Z']],
    ['created:<=2024-05-01T10:00:00Z', 'i.created_at <= $1::timestamptz', ['2024-05-01T10:00:00.000Z']],
    ['genre:Sport', exists(' AND lower(fv.value_text) = lower($2))'), ['genre', 'Sport']],
    ['genre:sp*', exists(' AND lower(fv.value_text) LIKE lower($2))'), ['genre', 'sp%']],
    ['genre:*', exists(')'), ['genre']],
    [
      'notes:interview',
      exists(" AND to_tsvector('simple', fv.value_text) @@ to_tsquery('simple', $2))"),
      ['notes', "'interview'"],
    ],
    [
      'notes:"live shot"',
      exists(" AND to_tsvector('simple', fv.value_text) @@ phraseto_tsquery('simple', $2))"),
      ['notes', 'live shot'],
    ],
    ['notes:in*ew', exists(' AND lower(fv.value_text) LIKE lower($2))'), ['notes', '%in%ew%']],
    ['episode:12', exists(' AND fv.value_number = $2)'), ['episode', 12]],
    ['episode:[1 TO 5}', exists(' AND (fv.value_number >= $2 AND fv.value_number < $3))'), ['episode', 1, 5]],
    ['episode:>-2.5', exists(' AND fv.value_number > $2)'), ['episode', -2.5]],
    [
      'airDate:2024-05-01',
      exists(' AND (fv.value_date >= $2::timestamptz AND fv.value_date < $3::timestamptz))'),
      ['airDate', '2024-05-01T00:00:00.000Z', '2024-05-02T00:00:00.000Z'],
    ],
    ['airDate:<2024', exists(' AND fv.value_date < $2::timestamptz)'), ['airDate', '2024-01-01T00:00:00.000Z']],
    ['approved:TRUE', exists(' AND lower(fv.value_text) = $2)'), ['approved', 'true']],
    ['-genre:News', `((${exists(' AND lower(fv.value_text) = lower($2))')}) IS NOT TRUE)`, ['genre', 'News']],
  ];

  it.each(cases)('compiles %j', (text, expectedSql, expectedParams) => {
    const { sql: text_, params } = compile(text);
    expect({ sql: text_, params }).toEqual({ sql: expectedSql, params: expectedParams });
  });

  it('numbers parameters through nested expressions and never inlines user text', () => {
    const query = compile(`title:"x' OR 1=1 --" (genre:"a'b" OR -c*d) created:>=2020`);
    expect(query.sql).toBe(
      "(to_tsvector('simple', i.title) @@ phraseto_tsquery('simple', $1) AND " +
        '(EXISTS (SELECT 1 FROM field_value fv WHERE fv.item_id = i.id AND fv.field_id = $2 AND lower(fv.value_text) = lower($3)) OR ' +
        '((i.search_text LIKE lower($4)) IS NOT TRUE)) AND i.created_at >= $5::timestamptz)',
    );
    expect(query.params).toEqual(["x' OR 1=1 --", 'genre', "a'b", '%c%d%', '2020-01-01T00:00:00.000Z']);
  });

  it('fails loudly when the target lacks a built-in column', () => {
    const { filename: _filename, ...builtins } = target.builtins;
    expect(() => compileToPostgres(parseQuery('filename:x').ast, { ...target, builtins })).toThrow(
      'PgSearchTarget has no column for the built-in field filename',
    );
  });

  it('adds the scope condition to value-row lookups', () => {
    const scoped = { ...target, fieldValues: { ...target.fieldValues, scope: sql`fv.tenant_id = ${'t-1'}` } };
    const query = dialect.sqlToQuery(compileToPostgres(parseQuery('genre:Sport', { fields }).ast, scoped));
    expect(query).toMatchObject({
      sql: 'EXISTS (SELECT 1 FROM field_value fv WHERE fv.item_id = i.id AND fv.tenant_id = $1 AND fv.field_id = $2 AND lower(fv.value_text) = lower($3))',
      params: ['t-1', 'genre', 'Sport'],
    });
  });

  it('tests keyword and checkbox equality on the field keys when the target keeps them, the rest on value rows', () => {
    const keyed = { ...target, fieldKeys: sql`i.field_keys` };
    const keyedQuery = (text: string) => dialect.sqlToQuery(compileToPostgres(parseQuery(text, { fields }).ast, keyed));
    expect(keyedQuery('genre:"Premier League"')).toMatchObject({
      sql: 'i.field_keys @> ARRAY[$1 || lower($2)]::text[]',
      params: ['genre\u001f', 'Premier League'],
    });
    expect(keyedQuery('approved:TRUE')).toMatchObject({
      sql: 'i.field_keys @> ARRAY[$1]::text[]',
      params: ['approved\u001ftrue'],
    });
    // Wildcards, ranges, text fields and values too long to be keyed whole keep to the value rows.
    for (const text of ['genre:foot*', 'episode:[1 TO 3]', 'notes:derby', `genre:${'x'.repeat(251)}`]) {
      expect(keyedQuery(text).sql).toMatch(/^EXISTS \(SELECT 1 FROM field_value fv/);
    }
    expect(keyedQuery(`genre:${'x'.repeat(250)}`).sql).toBe('i.field_keys @> ARRAY[$1 || lower($2)]::text[]');
  });

  it('treats a form field the caller did not list as a text field', () => {
    const query = dialect.sqlToQuery(compileToPostgres(parseQuery('mood:calm').ast, target));
    expect(query.sql).toBe(exists(" AND to_tsvector('simple', fv.value_text) @@ to_tsquery('simple', $2))"));
  });
});
