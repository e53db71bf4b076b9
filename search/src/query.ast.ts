import type { SearchField } from './search-field';

/** One piece of a wildcard pattern: literal text, `*` (any run of characters) or `?` (exactly one character). */
export type PatternPart = { kind: 'literal'; text: string } | { kind: 'anyRun' } | { kind: 'anyChar' };

/** The empty query. */
export interface MatchAllNode {
  kind: 'all';
}

/** A word without wildcards; `field` null searches the whole document. */
export interface TermNode {
  kind: 'term';
  field: SearchField | null;
  value: string;
}

export interface PhraseNode {
  kind: 'phrase';
  field: SearchField | null;
  value: string;
}

/** A word with at least one unescaped `*` or `?`. */
export interface WildcardNode {
  kind: 'wildcard';
  field: SearchField | null;
  parts: PatternPart[];
}

export interface RangeBound {
  /** As typed: an ISO date (YYYY, YYYY-MM, YYYY-MM-DD or date-time) or a decimal number. */
  value: string;
  inclusive: boolean;
}

/** A range or comparison on a date or number field; a null bound is open. The field's kind is date or number. */
export interface RangeNode {
  kind: 'range';
  field: SearchField;
  lower: RangeBound | null;
  upper: RangeBound | null;
}

export interface NotNode {
  kind: 'not';
  operand: QueryNode;
}

export interface AndNode {
  kind: 'and';
  operands: QueryNode[];
}

export interface OrNode {
  kind: 'or';
  operands: QueryNode[];
}

export type QueryNode = MatchAllNode | TermNode | PhraseNode | WildcardNode | RangeNode | NotNode | AndNode | OrNode;

/** AND of the operands, nested ANDs flattened, a single operand returned as is. */
export function andOf(operands: QueryNode[]): QueryNode {
  const flat = operands.flatMap((node) => (node.kind === 'and' ? node.operands : [node]));
  return flat.length === 1 ? flat[0]! : { kind: 'and', operands: flat };
}

/** OR of the operands, nested ORs flattened, a single operand returned as is. */
export function orOf(operands: QueryNode[]): QueryNode {
  const flat = operands.flatMap((node) => (node.kind === 'or' ? node.operands : [node]));
  return flat.length === 1 ? flat[0]! : { kind: 'or', operands: flat };
}

/** `*` alone (or `**`…): the field has a value, or, without a field, every item. */
export function isMatchAnything(parts: readonly PatternPart[]): boolean {
  return parts.every((part) => part.kind === 'anyRun');
}

/** `word*`: the stem when the only wildcard is one trailing `*`, which word indexes serve as a prefix search. */
export function prefixStem(parts: readonly PatternPart[]): string | undefined {
  const [first, second, ...rest] = parts;
  return parts.length === 2 && first?.kind === 'literal' && second?.kind === 'anyRun' && rest.length === 0
    ? first.text
    : undefined;
}
