import { sql, type SQL } from 'drizzle-orm';
import {
  isMatchAnything,
  prefixStem,
  type PatternPart,
  type PhraseNode,
  type QueryNode,
  type RangeNode,
  type TermNode,
  type WildcardNode,
} from './query.ast';
import { parseBooleanValue } from './query.values';
import { dateEqualityComparisons, numberValue, rangeComparisons, type Comparison } from './range.comparisons';
import type { SearchField } from './search-field';

/**
 * Where the compiled condition finds an item's data, so that this package does not depend on the schema.
 * Indexes that serve the conditions: GIN on `vector`; GIN `gin_trgm_ops` on `text` and on `lower(column)` of the
 * text and keyword columns (built-in and the value table's); GIN on `to_tsvector('simple', column)` of text
 * columns for field words; b-tree on `lower(column)` of keyword columns.
 */
export interface PgSearchTarget {
  /** tsvector ('simple' configuration) of the whole document: title, description, filename, text field values. */
  vector: SQL;
  /** Lower-cased plain text of the same document. */
  text: SQL;
  /** Built-in field id → column expression, e.g. `title` → item.title. */
  builtins: Record<string, SQL>;
  /** One row per (item, field, value); a multiple choice has several rows. */
  fieldValues: {
    table: SQL;
    itemIdColumn: SQL;
    outerItemId: SQL;
    fieldIdColumn: SQL;
    /** Text, keyword and checkbox values (checkboxes as 'true' / 'false'). */
    textColumn: SQL;
    numberColumn: SQL;
    /** timestamptz. */
    dateColumn: SQL;
    /**
     * ANDed into every value-row lookup, e.g. `item_field_value.tenant_id = $tenant`: not needed for correctness
     * (rows follow their item) but lets indexes that lead with the tenant serve field conditions.
     */
    scope?: SQL;
  };
  /**
   * text[] of `fieldId U+001F lower(left(value, 500))` for every value row of the item, when the target keeps them:
   * keyword and checkbox equality (`genre:football`) becomes a containment test on the item itself, which a GIN
   * index finds and a covering index tests, instead of a value-row look-up per item.
   */
  fieldKeys?: SQL;
}

type LeafNode = TermNode | PhraseNode | WildcardNode | RangeNode;

const sqlOperators: Record<Comparison['operator'], SQL> = {
  gte: sql.raw('>='),
  gt: sql.raw('>'),
  lte: sql.raw('<='),
  lt: sql.raw('<'),
};

/** A to_tsquery operand matching the word as typed: quoted so that tsquery syntax in it (& | ! : *) is literal. */
function tsLexeme(word: string, prefix: boolean): string {
  const quoted = `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return prefix ? `${quoted}:*` : quoted;
}

/** A LIKE pattern (default escape `\`); unanchored patterns match anywhere in the text. */
function likePattern(parts: readonly PatternPart[], anchored: boolean): string {
  const body = parts
    .map((part) => {
      if (part.kind === 'anyRun') return '%';
      if (part.kind === 'anyChar') return '_';
      return part.text.replace(/[\\%_]/g, (char) => `\\${char}`);
    })
    .join('');
  return anchored ? body : `%${body}%`;
}

function and(conditions: SQL[]): SQL {
  return conditions.length === 1 ? conditions[0]! : sql`(${sql.join(conditions, sql` AND `)})`;
}

function compare(column: SQL, comparisons: Comparison[], kind: 'date' | 'number'): SQL {
  return and(
    comparisons.map(({ operator, value }) =>
      kind === 'date'
        ? sql`${column} ${sqlOperators[operator]} ${value}::timestamptz`
        : sql`${column} ${sqlOperators[operator]} ${value}`,
    ),
  );
}

/**
 * Words, phrases and `word*` through full-text search, tokenised exactly as the document vector is; other
 * wildcards through the trigram-indexed `pattern` condition.
 */
function textMatch(
  vector: SQL,
  node: TermNode | PhraseNode | WildcardNode,
  pattern: (parts: PatternPart[]) => SQL,
): SQL {
  switch (node.kind) {
    case 'term':
      return sql`${vector} @@ to_tsquery('simple', ${tsLexeme(node.value, false)})`;
    case 'phrase':
      return sql`${vector} @@ phraseto_tsquery('simple', ${node.value})`;
    case 'wildcard': {
      const stem = prefixStem(node.parts);
      if (stem !== undefined) return sql`${vector} @@ to_tsquery('simple', ${tsLexeme(stem, true)})`;
      return pattern(node.parts);
    }
  }
}

/** The condition on one value column for a field-scoped node; undefined means "has a value" and nothing more. */
function valueCondition(column: SQL, kind: SearchField['kind'], node: LeafNode): SQL | undefined {
  if (node.kind === 'wildcard' && isMatchAnything(node.parts)) return undefined;
  switch (kind) {
    case 'text':
      if (node.kind === 'range') break;
      return textMatch(
        sql`to_tsvector('simple', ${column})`,
        node,
        (parts) => sql`lower(${column}) LIKE lower(${likePattern(parts, false)})`,
      );
    case 'keyword':
      if (node.kind === 'term' || node.kind === 'phrase') return sql`lower(${column}) = lower(${node.value})`;
      if (node.kind === 'wildcard') return sql`lower(${column}) LIKE lower(${likePattern(node.parts, true)})`;
      break;
    case 'boolean':
      if (node.kind === 'term' || node.kind === 'phrase') {
        return sql`lower(${column}) = ${String(parseBooleanValue(node.value))}`;
      }
      break;
    case 'number':
      if (node.kind === 'range') return compare(column, rangeComparisons(node), 'number');
      if (node.kind === 'term' || node.kind === 'phrase') return sql`${column} = ${numberValue(node.value)}`;
      break;
    case 'date':
      if (node.kind === 'range') return compare(column, rangeComparisons(node), 'date');
      if (node.kind === 'term' || node.kind === 'phrase') {
        return compare(column, dateEqualityComparisons(node.value), 'date');
      }
      break;
  }
  throw new Error(`A ${node.kind} cannot be compiled for the ${kind} field ${node.field?.id}`);
}

function builtinCondition(field: SearchField, node: LeafNode, target: PgSearchTarget): SQL {
  const column = target.builtins[field.id];
  if (!column) throw new Error(`PgSearchTarget has no column for the built-in field ${field.id}`);
  const condition = valueCondition(column, field.kind, node);
  if (condition) return condition;
  return field.kind === 'text' || field.kind === 'keyword' ? sql`${column} <> ''` : sql`${column} IS NOT NULL`;
}

/**
 * The longest value looked up by key: a key holds a value's first 500 characters lower-cased, which keeps the whole
 * of any value this short (and of any stored value equal to it), even where lower-casing lengthens a character.
 */
const MAX_KEYED_VALUE = 250;

/** The field key a keyword or checkbox equality needs, when the value is short enough to be keyed whole. */
function fieldKey(field: SearchField, node: LeafNode): SQL | undefined {
  if (node.kind !== 'term' && node.kind !== 'phrase') return undefined;
  if (field.kind === 'boolean') return sql`${`${field.id}\u001f${String(parseBooleanValue(node.value))}`}`;
  if (field.kind !== 'keyword' || node.value.length > MAX_KEYED_VALUE) return undefined;
  return sql`${`${field.id}\u001f`} || lower(${node.value})`;
}

function formFieldCondition(field: SearchField, node: LeafNode, target: PgSearchTarget): SQL {
  const key = target.fieldKeys ? fieldKey(field, node) : undefined;
  if (key) return sql`${target.fieldKeys} @> ARRAY[${key}]::text[]`;
  const values = target.fieldValues;
  const column =
    field.kind === 'number' ? values.numberColumn : field.kind === 'date' ? values.dateColumn : values.textColumn;
  const condition = valueCondition(column, field.kind, node);
  const where = [sql`${values.itemIdColumn} = ${values.outerItemId}`];
  if (values.scope) where.push(values.scope);
  where.push(sql`${values.fieldIdColumn} = ${field.id}`);
  if (condition) where.push(condition);
  return sql`EXISTS (SELECT 1 FROM ${values.table} WHERE ${sql.join(where, sql` AND `)})`;
}

function documentCondition(node: TermNode | PhraseNode | WildcardNode, target: PgSearchTarget): SQL {
  if (node.kind === 'wildcard' && isMatchAnything(node.parts)) return sql`TRUE`;
  // `text` is lower-cased by PostgreSQL, so the pattern is too, by the same function.
  return textMatch(target.vector, node, (parts) => sql`${target.text} LIKE lower(${likePattern(parts, false)})`);
}

function compile(node: QueryNode, target: PgSearchTarget): SQL {
  switch (node.kind) {
    case 'all':
      return sql`TRUE`;
    case 'and':
      return sql`(${sql.join(
        node.operands.map((operand) => compile(operand, target)),
        sql` AND `,
      )})`;
    case 'or':
      return sql`(${sql.join(
        node.operands.map((operand) => compile(operand, target)),
        sql` OR `,
      )})`;
    case 'not':
      // A NULL column makes a condition NULL, and NOT NULL is NULL too: the item would match neither `x` nor `NOT x`.
      return sql`((${compile(node.operand, target)}) IS NOT TRUE)`;
    case 'range':
      return node.field.source === 'builtin'
        ? builtinCondition(node.field, node, target)
        : formFieldCondition(node.field, node, target);
    case 'term':
    case 'phrase':
    case 'wildcard':
      if (!node.field) return documentCondition(node, target);
      return node.field.source === 'builtin'
        ? builtinCondition(node.field, node, target)
        : formFieldCondition(node.field, node, target);
  }
}

/**
 * A WHERE condition for the items a query finds. Words and phrases use full-text search on the document vector,
 * `word*` a prefix tsquery, other wildcards a LIKE on the document text that pg_trgm's index serves; field:value
 * matches the field's column or, for form fields, an EXISTS on the value rows. Every user value is a bound
 * parameter.
 */
export function compileToPostgres(ast: QueryNode, target: PgSearchTarget): SQL {
  return compile(ast, target);
}
