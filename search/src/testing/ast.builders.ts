import type { PatternPart, QueryNode, RangeBound } from '../query.ast';
import { builtinSearchFields, type SearchField } from '../search-field';

/** Short AST constructors for specs. */
export function builtin(id: string): SearchField {
  const field = builtinSearchFields.find((candidate) => candidate.id === id);
  if (!field) throw new Error(`No built-in field ${id}`);
  return field;
}

export function form(id: string, kind: SearchField['kind']): SearchField {
  return { id, kind, source: 'form' };
}

export const term = (value: string, field: SearchField | null = null): QueryNode => ({ kind: 'term', field, value });

export const phrase = (value: string, field: SearchField | null = null): QueryNode => ({
  kind: 'phrase',
  field,
  value,
});

/** `pattern` written with `*` and `?` as wildcards, every other character literal. */
export function wildcard(pattern: string, field: SearchField | null = null): QueryNode {
  const parts: PatternPart[] = [];
  for (const char of pattern) {
    const last = parts[parts.length - 1];
    if (char === '*') parts.push({ kind: 'anyRun' });
    else if (char === '?') parts.push({ kind: 'anyChar' });
    else if (last?.kind === 'literal') last.text += char;
    else parts.push({ kind: 'literal', text: char });
  }
  return { kind: 'wildcard', field, parts };
}

export const inclusive = (value: string): RangeBound => ({ value, inclusive: true });
export const exclusive = (value: string): RangeBound => ({ value, inclusive: false });

export const range = (field: SearchField, lower: RangeBound | null, upper: RangeBound | null): QueryNode => ({
  kind: 'range',
  field,
  lower,
  upper,
});

export const not = (operand: QueryNode): QueryNode => ({ kind: 'not', operand });
export const and = (...operands: QueryNode[]): QueryNode => ({ kind: 'and', operands });
export const or = (...operands: QueryNode[]): QueryNode => ({ kind: 'or', operands });
export const all: QueryNode = { kind: 'all' };
