import type { PatternPart } from './query.ast';
import { QueryParseError } from './query.errors';

export interface RawBound {
  text: string;
  position: number;
}

export type QueryToken =
  | { type: 'lparen'; position: number }
  | { type: 'rparen'; position: number }
  | { type: 'and' | 'or' | 'not'; position: number }
  | { type: 'minus' | 'plus'; position: number }
  | { type: 'field'; position: number; name: string }
  | { type: 'word'; position: number; parts: PatternPart[] }
  | { type: 'phrase'; position: number; value: string }
  | {
      type: 'range';
      position: number;
      lower: RawBound | null;
      lowerInclusive: boolean;
      upper: RawBound | null;
      upperInclusive: boolean;
    }
  | { type: 'end'; position: number };

const whitespace = /\s/;
const fieldPrefix = /[A-Za-z_][A-Za-z0-9_.-]*:/y;
const keywords = new Map<string, 'and' | 'or' | 'not'>([
  ['AND', 'and'],
  ['OR', 'or'],
  ['NOT', 'not'],
]);

function isWordEnd(char: string | undefined): boolean {
  return char === undefined || whitespace.test(char) || char === '(' || char === ')' || char === '"';
}

/**
 * Splits a query into tokens on demand. What a character means depends on where it stands: right after `field:`
 * (or inside `field:( … )`) `[`, `{`, `<` and `>` open ranges and comparisons, elsewhere they are ordinary
 * characters, so titles like "[RAW] clip" need no escaping.
 */
export class QueryLexer {
  private position = 0;
  private pendingField: { name: string; position: number } | null = null;
  /** One entry per open parenthesis: whether it opened a `field:( … )` group. */
  private readonly groups: boolean[] = [];
  private lookahead: QueryToken | null = null;

  constructor(private readonly text: string) {}

  peek(): QueryToken {
    this.lookahead ??= this.scan();
    return this.lookahead;
  }

  next(): QueryToken {
    const token = this.peek();
    this.lookahead = null;
    return token;
  }

  private get char(): string | undefined {
    return this.text[this.position];
  }

  private skipWhitespace(): void {
    while (this.char !== undefined && whitespace.test(this.char)) this.position++;
  }

  private scan(): QueryToken {
    if (this.pendingField) return this.scanValue(this.pendingField);
    this.skipWhitespace();
    const start = this.position;
    const char = this.char;
    if (char === undefined) return { type: 'end', position: start };
    if (char === '(') {
      this.position++;
      this.groups.push(false);
      return { type: 'lparen', position: start };
    }
    if (char === ')') {
      this.position++;
      this.groups.pop();
      return { type: 'rparen', position: start };
    }
    if (char === '"') return this.scanPhrase();
    if (this.groups.includes(true)) {
      if (char === '[' || char === '{') return this.scanRange();
      if (char === '<' || char === '>') return this.scanComparison();
    }
    if (char === '-' || char === '+') {
      // Only glued to a term: `-draft`. "Paris - London" is more likely a typo than a NOT.
      if (isWordEnd(this.text[start + 1]) && this.text[start + 1] !== '(' && this.text[start + 1] !== '"') {
        throw new QueryParseError('MISSING_OPERAND', start, `'${char}' needs a term right after it, without a space.`);
      }
      this.position++;
      return { type: char === '-' ? 'minus' : 'plus', position: start };
    }
    fieldPrefix.lastIndex = start;
    const field = fieldPrefix.exec(this.text);
    if (field) {
      this.position = fieldPrefix.lastIndex;
      const name = field[0].slice(0, -1);
      this.pendingField = { name, position: start };
      return { type: 'field', position: start, name };
    }
    return this.scanWord(true);
  }

  /** The token after `field:`; a missing value is reported at the field. */
  private scanValue(field: { name: string; position: number }): QueryToken {
    this.pendingField = null;
    const start = this.position;
    const char = this.char;
    if (char === undefined || whitespace.test(char) || char === ')') {
      throw new QueryParseError('MISSING_VALUE', field.position, `Field ${field.name} needs a value after the colon.`);
    }
    if (char === '(') {
      this.position++;
      this.groups.push(true);
      return { type: 'lparen', position: start };
    }
    if (char === '"') return this.scanPhrase();
    if (char === '[' || char === '{') return this.scanRange();
    if (char === '<' || char === '>') return this.scanComparison();
    return this.scanWord(false);
  }

  private scanWord(keywordsAllowed: boolean): QueryToken {
    const start = this.position;
    const parts: PatternPart[] = [];
    let literal = '';
    let escaped = false;
    const flush = () => {
      if (literal) parts.push({ kind: 'literal', text: literal });
      literal = '';
    };
    while (!isWordEnd(this.char)) {
      const char = this.char!;
      if (char === '\\') {
        const next = this.text[this.position + 1];
        if (next === undefined) {
          throw new QueryParseError(
            'INVALID_ESCAPE',
            this.position,
            'A backslash at the end of the query escapes nothing.',
          );
        }
        literal += next;
        escaped = true;
        this.position += 2;
        continue;
      }
      if (char === '*' || char === '?') {
        flush();
        parts.push({ kind: char === '*' ? 'anyRun' : 'anyChar' });
      } else {
        literal += char;
      }
      this.position++;
    }
    flush();
    const raw = this.text.slice(start, this.position);
    const keyword = keywordsAllowed && !escaped ? keywords.get(raw) : undefined;
    if (keyword) return { type: keyword, position: start };
    return { type: 'word', position: start, parts };
  }

  private scanPhrase(): QueryToken {
    const start = this.position;
    let value = '';
    this.position++;
    for (;;) {
      const char = this.char;
      if (char === undefined) {
        throw new QueryParseError('UNTERMINATED_PHRASE', start, 'This phrase is not closed with a double quote.');
      }
      this.position++;
      if (char === '"') break;
      if (char === '\\' && this.char !== undefined) {
        value += this.char;
        this.position++;
      } else {
        value += char;
      }
    }
    if (!value.trim()) throw new QueryParseError('EMPTY_PHRASE', start, 'This phrase is empty.');
    return { type: 'phrase', position: start, value };
  }

  /** `[from TO to]`, `{from TO to}` or a mix; `*` is an open end. */
  private scanRange(): QueryToken {
    const start = this.position;
    const lowerInclusive = this.char === '[';
    const malformed = () =>
      new QueryParseError(
        'INVALID_RANGE',
        start,
        'Write a range as [from TO to], or {from TO to} to exclude the ends.',
      );
    this.position++;
    this.skipWhitespace();
    const lower = this.scanBound();
    if (!whitespace.test(this.char ?? '')) throw malformed();
    this.skipWhitespace();
    if (
      this.text.slice(this.position, this.position + 2) !== 'TO' ||
      !whitespace.test(this.text[this.position + 2] ?? '')
    ) {
      throw malformed();
    }
    this.position += 2;
    this.skipWhitespace();
    const upper = this.scanBound();
    this.skipWhitespace();
    const close = this.char;
    if (close === undefined) throw new QueryParseError('INVALID_RANGE', start, 'This range is not closed with ] or }.');
    if (close !== ']' && close !== '}') throw malformed();
    this.position++;
    if (lower === undefined || upper === undefined) throw malformed();
    return { type: 'range', position: start, lower, lowerInclusive, upper, upperInclusive: close === ']' };
  }

  /** A range end: undefined when missing, null for `*`. */
  private scanBound(): RawBound | null | undefined {
    const start = this.position;
    while (this.char !== undefined && !whitespace.test(this.char) && !']}'.includes(this.char)) this.position++;
    const text = this.text.slice(start, this.position);
    if (!text) return undefined;
    return text === '*' ? null : { text, position: start };
  }

  /** `>x`, `>=x`, `<x`, `<=x`: a range open on one side. */
  private scanComparison(): QueryToken {
    const start = this.position;
    const greater = this.char === '>';
    this.position++;
    const inclusive = this.char === '=';
    if (inclusive) this.position++;
    const valueStart = this.position;
    while (!isWordEnd(this.char)) this.position++;
    const text = this.text.slice(valueStart, this.position);
    const operator = `${greater ? '>' : '<'}${inclusive ? '=' : ''}`;
    if (!text) throw new QueryParseError('MISSING_VALUE', start, `The comparison ${operator} needs a value after it.`);
    if (text === '*')
      throw new QueryParseError('INVALID_RANGE', valueStart, `The comparison ${operator} needs a value, not *.`);
    const bound = { text, position: valueStart };
    return greater
      ? { type: 'range', position: start, lower: bound, lowerInclusive: inclusive, upper: null, upperInclusive: false }
      : { type: 'range', position: start, lower: null, lowerInclusive: false, upper: bound, upperInclusive: inclusive };
  }
}
