import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { compileToElasticsearch } from './elasticsearch/elasticsearch.compiler';
import { compileToPostgres, type PgSearchTarget } from './postgres.compiler';
import { QueryParseError } from './query.errors';
import { formatQuery } from './query.formatter';
import { parseQuery } from './query.parser';
import { form } from './testing/ast.builders';

const fields = [form('genre', 'keyword'), form('notes', 'text'), form('episode', 'number'), form('airDate', 'date')];

const column = sql`c`;
const target: PgSearchTarget = {
  vector: column,
  text: column,
  builtins: Object.fromEntries(
    ['title', 'description', 'filename', 'type', 'state', 'created', 'modified'].map((id) => [id, column]),
  ),
  fieldValues: {
    table: column,
    itemIdColumn: column,
    outerItemId: column,
    fieldIdColumn: column,
    textColumn: column,
    numberColumn: column,
    dateColumn: column,
  },
};

// Fragments users (and pasted text) produce, so that random strings hit the grammar's corners, not just words.
const fragments = [
  ...' ()"\\*?:-+[]{}<>=',
  'a',
  'Z',
  '7',
  'é',
  'AND ',
  ' OR ',
  'NOT ',
  ' TO ',
  'title:',
  'genre:',
  'episode:',
  'airDate:',
  'created:',
  'mood:',
  '2024',
  '2024-05-01',
  '-3.5',
  '*',
];

describe('any text typed into the search box', () => {
  let state = 42;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const samples = Array.from({ length: 3000 }, () => {
    let text = '';
    const length = Math.floor(next() * 12);
    for (let index = 0; index < length; index++) text += fragments[Math.floor(next() * fragments.length)];
    return text;
  });

  it('parses, or fails with a QueryParseError pointing inside the text', () => {
    let parsed = 0;
    for (const text of samples) {
      try {
        parseQuery(text, { fields });
        parsed++;
      } catch (error) {
        if (!(error instanceof QueryParseError)) throw new Error(`${JSON.stringify(text)}: ${String(error)}`);
        expect(error.position).toBeGreaterThanOrEqual(0);
        expect(error.position).toBeLessThanOrEqual(text.length);
      }
    }
    // Both outcomes are exercised, or the sample says nothing.
    expect(parsed).toBeGreaterThan(300);
    expect(samples.length - parsed).toBeGreaterThan(300);
  });

  it('round-trips and compiles on both back ends whenever it parses', () => {
    const dialect = new PgDialect();
    for (const text of samples) {
      let ast;
      try {
        ast = parseQuery(text, { fields }).ast;
      } catch {
        continue;
      }
      const formatted = formatQuery(ast);
      expect({ text, formatted, ast: parseQuery(formatted, { fields }).ast }).toEqual({ text, formatted, ast });
      expect(() => dialect.sqlToQuery(compileToPostgres(ast, target))).not.toThrow();
      expect(() => compileToElasticsearch(ast)).not.toThrow();
    }
  });
});
