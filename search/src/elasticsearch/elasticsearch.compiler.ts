import { contentField, contentWildcardField, elasticsearchPath, wildcardSubField } from './elasticsearch.fields';
import {
  isMatchAnything,
  prefixStem,
  type PatternPart,
  type PhraseNode,
  type QueryNode,
  type RangeNode,
  type TermNode,
  type WildcardNode,
} from '../query.ast';
import { parseBooleanValue } from '../query.values';
import { dateEqualityComparisons, numberValue, rangeComparisons, type Comparison } from '../range.comparisons';
import type { SearchField } from '../search-field';

/** A node of Elasticsearch's query DSL, e.g. `{ match: { content: { query: 'goal', operator: 'and' } } }`. */
export type ElasticsearchQuery = Record<string, unknown>;

type TextNode = TermNode | PhraseNode | WildcardNode;

/** A wildcard query value: `*` and `?` as typed, literal text with Lucene's `\` escapes. */
function wildcardValue(parts: readonly PatternPart[], anchored: boolean): string {
  const body = parts
    .map((part) => {
      if (part.kind === 'anyRun') return '*';
      if (part.kind === 'anyChar') return '?';
      return part.text.replace(/[\\*?]/g, (char) => `\\${char}`);
    })
    .join('');
  return anchored ? body : `*${body}*`;
}

function wildcard(path: string, value: string): ElasticsearchQuery {
  return { wildcard: { [path]: { value, case_insensitive: true } } };
}

function range(path: string, comparisons: Comparison[]): ElasticsearchQuery {
  return { range: { [path]: Object.fromEntries(comparisons.map(({ operator, value }) => [operator, value])) } };
}

/**
 * Words and phrases on the analysed field, `word*` as a term-level prefix, other patterns on the `wildcard`-typed
 * twin anywhere in the value, like the PostgreSQL back end's trigram LIKE.
 */
function textQuery(path: string, patternPath: string, node: TextNode): ElasticsearchQuery {
  switch (node.kind) {
    case 'term':
      return { match: { [path]: { query: node.value, operator: 'and' } } };
    case 'phrase':
      return { match_phrase: { [path]: node.value } };
    case 'wildcard': {
      const stem = prefixStem(node.parts);
      if (stem !== undefined) return wildcard(path, wildcardValue(node.parts, true));
      return wildcard(patternPath, wildcardValue(node.parts, false));
    }
  }
}

function fieldQuery(field: SearchField, node: TextNode | RangeNode): ElasticsearchQuery {
  const path = elasticsearchPath(field);
  if (node.kind === 'wildcard' && isMatchAnything(node.parts)) return { exists: { field: path } };
  switch (field.kind) {
    case 'text':
      if (node.kind === 'range') break;
      return textQuery(path, `${path}.${wildcardSubField}`, node);
    case 'keyword':
      if (node.kind === 'term' || node.kind === 'phrase') {
        return { term: { [path]: { value: node.value, case_insensitive: true } } };
      }
      if (node.kind === 'wildcard') return wildcard(path, wildcardValue(node.parts, true));
      break;
    case 'boolean':
      if (node.kind === 'term' || node.kind === 'phrase') return { term: { [path]: parseBooleanValue(node.value) } };
      break;
    case 'number':
      if (node.kind === 'range') return range(path, rangeComparisons(node));
      if (node.kind === 'term' || node.kind === 'phrase') return { term: { [path]: numberValue(node.value) } };
      break;
    case 'date':
      if (node.kind === 'range') return range(path, rangeComparisons(node));
      if (node.kind === 'term' || node.kind === 'phrase') return range(path, dateEqualityComparisons(node.value));
      break;
  }
  throw new Error(`A ${node.kind} cannot be compiled for the ${field.kind} field ${field.id}`);
}

function compileAnd(operands: QueryNode[]): ElasticsearchQuery {
  const must = operands.filter((operand) => operand.kind !== 'not').map(compile);
  const mustNot = operands.flatMap((operand) => (operand.kind === 'not' ? [compile(operand.operand)] : []));
  return { bool: { ...(must.length ? { must } : {}), ...(mustNot.length ? { must_not: mustNot } : {}) } };
}

function compile(node: QueryNode): ElasticsearchQuery {
  switch (node.kind) {
    case 'all':
      return { match_all: {} };
    case 'and':
      return compileAnd(node.operands);
    case 'or':
      return { bool: { should: node.operands.map(compile), minimum_should_match: 1 } };
    case 'not':
      return { bool: { must_not: [compile(node.operand)] } };
    case 'range':
      return fieldQuery(node.field, node);
    case 'term':
    case 'phrase':
    case 'wildcard':
      if (node.field) return fieldQuery(node.field, node);
      if (node.kind === 'wildcard' && isMatchAnything(node.parts)) return { match_all: {} };
      return textQuery(contentField, contentWildcardField, node);
  }
}

/** The query DSL for an AST, for an index mapped by elasticsearchMapping. */
export function compileToElasticsearch(ast: QueryNode): ElasticsearchQuery {
  return compile(ast);
}

export interface ElasticsearchSearchRequest {
  query: ElasticsearchQuery;
  from: number;
  size: number;
}

/** A search request body confined to one tenant: the tenant filter is not part of what the user can type. */
export function elasticsearchSearchRequest(
  ast: QueryNode,
  options: { tenantId: string; from?: number; size?: number },
): ElasticsearchSearchRequest {
  return {
    query: { bool: { filter: [{ term: { tenantId: options.tenantId } }], must: [compile(ast)] } },
    from: options.from ?? 0,
    size: options.size ?? 50,
  };
}
