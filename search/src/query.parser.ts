import { andOf, isMatchAnything, orOf, type QueryNode, type RangeBound } from './query.ast';
import { QueryParseError, wildcardsWithOperatorsWarning, type QueryWarning } from './query.errors';
import { QueryLexer, type QueryToken, type RawBound } from './query.lexer';
import { parseBooleanValue, parseDateValue, parseNumberValue } from './query.values';
import { createSearchFieldCatalogue, type SearchField, type SearchFieldCatalogue } from './search-field';

export interface ParseQueryOptions {
  /**
   * The tenant's form fields. When given, a field that is neither built in nor listed is an UNKNOWN_FIELD error and
   * values are checked against the field's kind; without it any field name is taken for a form field.
   */
  fields?: readonly SearchField[];
}

export interface ParsedQuery {
  ast: QueryNode;
  warnings: QueryWarning[];
}

/** A field named in the query: resolved from the catalogue, or (open catalogue) a form field of unknown kind. */
type FieldContext = { field: SearchField; known: boolean };

type Token<T extends QueryToken['type']> = Extract<QueryToken, { type: T }>;

/** Deep enough for any hand-written query; stops a pasted `((((…` from exhausting the stack. */
const maxDepth = 64;

const dateHint = 'use YYYY, YYYY-MM, YYYY-MM-DD or an ISO date-time';

function startsOperand(token: QueryToken): boolean {
  return ['word', 'phrase', 'field', 'lparen', 'not', 'minus', 'plus', 'range'].includes(token.type);
}

function operatorName(token: QueryToken): string {
  if (token.type === 'minus') return "'-'";
  if (token.type === 'plus') return "'+'";
  return token.type.toUpperCase();
}

class QueryParser {
  private readonly lexer: QueryLexer;
  private depth = 0;
  private sawOperator = false;
  private sawWildcard = false;

  constructor(
    text: string,
    private readonly catalogue: SearchFieldCatalogue,
  ) {
    this.lexer = new QueryLexer(text);
  }

  parse(): ParsedQuery {
    if (this.lexer.peek().type === 'end') return { ast: { kind: 'all' }, warnings: [] };
    const ast = this.parseOr(null);
    const rest = this.lexer.next();
    if (rest.type === 'rparen') {
      throw new QueryParseError('UNBALANCED_PARENTHESIS', rest.position, "This ')' has no matching '('.");
    }
    const warnings = this.sawOperator && this.sawWildcard ? [wildcardsWithOperatorsWarning] : [];
    return { ast, warnings };
  }

  private expectOperandAfter(operator: QueryToken): void {
    if (startsOperand(this.lexer.peek())) return;
    const message =
      operator.type === 'and' || operator.type === 'or'
        ? `${operatorName(operator)} needs a term on both sides.`
        : `${operatorName(operator)} needs a term right after it.`;
    throw new QueryParseError('MISSING_OPERAND', operator.position, message);
  }

  private parseOr(field: FieldContext | null): QueryNode {
    const operands = [this.parseAnd(field)];
    while (this.lexer.peek().type === 'or') {
      const operator = this.lexer.next();
      this.sawOperator = true;
      this.expectOperandAfter(operator);
      operands.push(this.parseAnd(field));
    }
    return orOf(operands);
  }

  /** Adjacent terms are ANDed as if AND stood between them. */
  private parseAnd(field: FieldContext | null): QueryNode {
    const operands = [this.parseUnary(field)];
    for (;;) {
      const next = this.lexer.peek();
      if (next.type === 'and') {
        this.lexer.next();
        this.sawOperator = true;
        this.expectOperandAfter(next);
      } else if (!startsOperand(next)) {
        break;
      }
      operands.push(this.parseUnary(field));
    }
    return andOf(operands);
  }

  private parseUnary(field: FieldContext | null): QueryNode {
    const token = this.lexer.peek();
    if (token.type !== 'not' && token.type !== 'minus' && token.type !== 'plus') return this.parsePrimary(field);
    this.lexer.next();
    this.expectOperandAfter(token);
    const operand = this.nested(token.position, () => this.parseUnary(field));
    // `+term` only insists on what implicit AND already requires.
    if (token.type === 'plus') return operand;
    this.sawOperator = true;
    return { kind: 'not', operand };
  }

  private nested<T>(position: number, parse: () => T): T {
    if (++this.depth > maxDepth) {
      throw new QueryParseError('TOO_DEEPLY_NESTED', position, `Queries may nest at most ${maxDepth} levels deep.`);
    }
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private parsePrimary(field: FieldContext | null): QueryNode {
    const token = this.lexer.next();
    switch (token.type) {
      case 'word':
        return this.wordNode(token, field);
      case 'phrase':
        return this.phraseNode(token, field);
      case 'range':
        // The lexer only reads ranges after `field:` or inside `field:( … )`, so a field is always in context.
        return this.rangeNode(token, field!);
      case 'field':
        return this.fieldNode(token, field);
      case 'lparen':
        return this.group(token, field);
      case 'rparen':
        throw new QueryParseError('UNBALANCED_PARENTHESIS', token.position, "This ')' has no matching '('.");
      case 'and':
      case 'or':
        throw new QueryParseError(
          'MISSING_OPERAND',
          token.position,
          `${operatorName(token)} needs a term on both sides.`,
        );
      case 'not':
      case 'minus':
      case 'plus':
      case 'end':
        throw new QueryParseError('MISSING_OPERAND', token.position, 'A term is missing here.');
    }
  }

  private group(open: Token<'lparen'>, field: FieldContext | null): QueryNode {
    if (this.lexer.peek().type === 'rparen') {
      throw new QueryParseError('MISSING_OPERAND', open.position, 'These parentheses are empty.');
    }
    const inner = this.nested(open.position, () => this.parseOr(field));
    if (this.lexer.next().type !== 'rparen') {
      throw new QueryParseError('UNBALANCED_PARENTHESIS', open.position, "This '(' is never closed.");
    }
    return inner;
  }

  private fieldNode(token: Token<'field'>, outer: FieldContext | null): QueryNode {
    if (outer) {
      throw new QueryParseError(
        'NESTED_FIELD',
        token.position,
        `Field ${token.name} cannot be used inside ${outer.field.id}:( … ).`,
      );
    }
    const field = this.resolveField(token);
    const value = this.lexer.next();
    switch (value.type) {
      case 'word':
        return this.wordNode(value, field);
      case 'phrase':
        return this.phraseNode(value, field);
      case 'range':
        return this.rangeNode(value, field);
      case 'lparen':
        return this.group(value, field);
      default:
        // The lexer reports a missing value itself; anything else after `field:` is a lexer bug.
        throw new Error(`Unexpected ${value.type} token after field ${token.name}`);
    }
  }

  private resolveField(token: Token<'field'>): FieldContext {
    const field = this.catalogue.lookup(token.name);
    if (field) return { field, known: true };
    if (this.catalogue.closed) {
      throw new QueryParseError('UNKNOWN_FIELD', token.position, `There is no field ${token.name}.`);
    }
    return { field: { id: token.name, kind: 'text', source: 'form' }, known: false };
  }

  private wordNode(token: Token<'word'>, context: FieldContext | null): QueryNode {
    const field = context?.field ?? null;
    if (token.parts.every((part) => part.kind === 'literal')) {
      const value = token.parts.map((part) => part.text).join('');
      this.checkValue(value, token.position, context);
      return { kind: 'term', field, value };
    }
    this.sawWildcard = true;
    if (field && ['date', 'number', 'boolean'].includes(field.kind) && !isMatchAnything(token.parts)) {
      throw new QueryParseError(
        'INVALID_VALUE',
        token.position,
        `Wildcards work on text fields only; ${field.id} is a ${field.kind} field (field:* finds items that have a value).`,
      );
    }
    return { kind: 'wildcard', field, parts: token.parts };
  }

  private phraseNode(token: Token<'phrase'>, context: FieldContext | null): QueryNode {
    this.checkValue(token.value, token.position, context);
    return { kind: 'phrase', field: context?.field ?? null, value: token.value };
  }

  private checkValue(value: string, position: number, context: FieldContext | null): void {
    const field = context?.field;
    if (field?.kind === 'date' && !parseDateValue(value)) {
      throw new QueryParseError('INVALID_VALUE', position, `'${value}' is not a date: ${dateHint}.`);
    }
    if (field?.kind === 'number' && parseNumberValue(value) === null) {
      throw new QueryParseError('INVALID_VALUE', position, `'${value}' is not a number.`);
    }
    if (field?.kind === 'boolean' && parseBooleanValue(value) === null) {
      throw new QueryParseError('INVALID_VALUE', position, `Field ${field.id} is true or false, not '${value}'.`);
    }
  }

  private rangeNode(token: Token<'range'>, context: FieldContext): QueryNode {
    const { lower, upper } = token;
    const id = context.field.id;
    if (!lower && !upper) {
      throw new QueryParseError(
        'INVALID_RANGE',
        token.position,
        `A range needs at least one end; ${id}:* finds items with a value.`,
      );
    }
    const bounds = [lower, upper].filter((bound): bound is RawBound => bound !== null);
    let kind: 'date' | 'number';
    if (context.known) {
      if (context.field.kind !== 'date' && context.field.kind !== 'number') {
        throw new QueryParseError(
          'INVALID_RANGE',
          token.position,
          `Ranges work on dates and numbers; ${id} is a ${context.field.kind} field.`,
        );
      }
      kind = context.field.kind;
    } else {
      kind = bounds.every((bound) => parseNumberValue(bound.text) !== null) ? 'number' : 'date';
    }
    for (const bound of bounds) {
      const valid = kind === 'date' ? parseDateValue(bound.text) !== null : parseNumberValue(bound.text) !== null;
      if (!valid) {
        const expected = kind === 'date' ? `a date: ${dateHint}` : 'a number';
        throw new QueryParseError('INVALID_RANGE', bound.position, `'${bound.text}' is not ${expected}.`);
      }
    }
    if (lower && upper && startsAfterEnd(kind, lower.text, upper.text)) {
      throw new QueryParseError('INVALID_RANGE', token.position, `This range starts after it ends.`);
    }
    const toBound = (bound: RawBound | null, inclusive: boolean): RangeBound | null =>
      bound && { value: bound.text, inclusive };
    return {
      kind: 'range',
      field: { ...context.field, kind },
      lower: toBound(lower, token.lowerInclusive),
      upper: toBound(upper, token.upperInclusive),
    };
  }
}

function startsAfterEnd(kind: 'date' | 'number', lower: string, upper: string): boolean {
  if (kind === 'number') return parseNumberValue(lower)! > parseNumberValue(upper)!;
  const from = parseDateValue(lower)!;
  const to = parseDateValue(upper)!;
  const lastInstant = to.end ? to.end.getTime() - 1 : to.start.getTime();
  return from.start.getTime() > lastInstant;
}

/**
 * Parses the search language: words (ANDed), "phrases", field:value, wildcards `*` and `?`, AND / OR / NOT (and
 * `-term`), parentheses, ranges `field:[a TO b]` / `{a TO b}` and comparisons `field:>=a`. NOT binds tighter than
 * AND, AND tighter than OR; the empty query matches everything. Throws QueryParseError.
 */
export function parseQuery(text: string, options: ParseQueryOptions = {}): ParsedQuery {
  return new QueryParser(text, createSearchFieldCatalogue(options.fields)).parse();
}
