import { andOf, orOf, type PatternPart, type QueryNode } from './query.ast';
import { formatQuery } from './query.formatter';
import { parseQuery } from './query.parser';
import type { SearchField } from './search-field';
import { all, and, builtin, form, inclusive, not, or, range, term, wildcard } from './testing/ast.builders';

const fields: SearchField[] = [
  form('genre', 'keyword'),
  form('notes', 'text'),
  form('episode', 'number'),
  form('airDate', 'date'),
  form('approved', 'boolean'),
  form('show.name', 'text'),
];

function reparse(text: string): QueryNode {
  return parseQuery(text, { fields }).ast;
}

describe('formatQuery', () => {
  const canonical: [string, string][] = [
    ['', ''],
    ['goal', 'goal'],
    ['goal  keeper', 'goal keeper'],
    ['a AND b', 'a b'],
    ['a AND b OR c', 'a b OR c'],
    ['a OR b AND c', 'a OR b c'],
    ['(a OR b) AND c', '(a OR b) c'],
    ['a AND (b OR c) AND d', 'a (b OR c) d'],
    ['(a OR b) OR c', 'a OR b OR c'],
    ['-a', 'NOT a'],
    ['+a', 'a'],
    ['NOT (a b)', 'NOT (a b)'],
    ['-(a OR b)', 'NOT (a OR b)'],
    ['NOT NOT a', 'NOT NOT a'],
    ['"big cat"', '"big cat"'],
    ['"say \\"hi\\" \\\\"', '"say \\"hi\\" \\\\"'],
    ['lond*', 'lond*'],
    ['te?t', 'te?t'],
    ['a\\*b\\?*', 'a\\*b\\?*'],
    ['foo\\ bar', 'foo\\ bar'],
    ['\\-draft', '\\-draft'],
    ['\\+1', '\\+1'],
    ['\\AND', '\\AND'],
    ['a\\:b', 'a\\:b'],
    ['12:30', '12\\:30'],
    ['[RAW] <clip> {x}', '\\[RAW\\] \\<clip\\> \\{x\\}'],
    ['Title:foo', 'title:foo'],
    ['title:-draft', 'title:-draft'],
    ['title:AND', 'title:AND'],
    ['title:a:b', 'title:a:b'],
    ['created:2024-05-01T10:00:00Z', 'created:2024-05-01T10:00:00Z'],
    ['title:"a b"', 'title:"a b"'],
    ['title:*', 'title:*'],
    ['type:(video OR audio)', 'type:video OR type:audio'],
    ['title:(a b) c', 'title:a title:b c'],
    ['created:[2020 TO 2021]', 'created:[2020 TO 2021]'],
    ['created:{2020 TO 2021]', 'created:{2020 TO 2021]'],
    ['created:[2020 TO *]', 'created:>=2020'],
    ['created:[* TO 2020}', 'created:<2020'],
    ['created:>2020', 'created:>2020'],
    ['created:<=2020-05', 'created:<=2020-05'],
    ['episode:[-1 TO 2.5]', 'episode:[-1 TO 2.5]'],
    ['show.name:news', 'show.name:news'],
  ];

  it.each(canonical)('formats %j as %j', (text, expected) => {
    expect(formatQuery(reparse(text))).toBe(expected);
  });

  it.each(canonical)('round-trips %j', (text) => {
    const ast = reparse(text);
    expect(reparse(formatQuery(ast))).toEqual(ast);
  });

  it('keeps the structure of ASTs the parser would have flattened', () => {
    const nested = and(term('a'), and(term('b'), term('c')), or(term('d'), or(term('e'))));
    expect(formatQuery(nested)).toBe('a (b c) (d OR (e))');
    expect(formatQuery(or(and(term('a'), term('b')), not(or(term('c'), term('d')))))).toBe('a b OR NOT (c OR d)');
    expect(formatQuery(and(term('a'), all))).toBe('a *');
    expect(formatQuery(wildcard('*', builtin('title')))).toBe('title:*');
    expect(formatQuery(range(builtin('created'), inclusive('2020'), inclusive('2021')))).toBe('created:[2020 TO 2021]');
  });

  describe('on generated queries', () => {
    // A small deterministic PRNG: the same queries every run, so a failure reproduces.
    function random(seed: number) {
      let state = seed;
      const next = () => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state / 2147483648;
      };
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
      return { next, pick };
    }

    const alphabet = [...'abcXYZ019 -+:*?\\"()[]{}<>.\'é\t', 'AND', 'OR', 'NOT', 'TO'];
    const dates = ['2020', '2021-02', '2022-03-04', '2023-05-06T07:08:09Z', '2024-01-01T00:00:00+02:00'];
    const numbers = ['-5', '0', '1.5', '42', '+7'];
    const textFields = [null, builtin('title'), builtin('type'), fields[0]!, fields[1]!, fields[5]!];

    function generateLeaf(rng: ReturnType<typeof random>): QueryNode {
      const text = (min: number) => {
        let value = '';
        while (value.length < min || rng.next() < 0.6) value += rng.pick(alphabet);
        return value;
      };
      const leaf = rng.pick(['term', 'phrase', 'wildcard', 'date', 'number', 'bool', 'range'] as const);
      switch (leaf) {
        case 'term':
          return term(text(1), rng.pick(textFields));
        case 'phrase': {
          const value = `${text(0)}${rng.pick(['a', 'Z', '9'])}${text(0)}`;
          return { kind: 'phrase', field: rng.pick(textFields), value };
        }
        case 'wildcard': {
          const parts: PatternPart[] = [];
          while (parts.length === 0 || rng.next() < 0.6) {
            const last = parts[parts.length - 1];
            const kind = rng.pick(['literal', 'anyRun', 'anyChar'] as const);
            if (kind !== 'literal') parts.push({ kind });
            else if (last?.kind !== 'literal') parts.push({ kind, text: text(1) });
          }
          if (!parts.some((part) => part.kind !== 'literal')) parts.push({ kind: 'anyRun' });
          return { kind: 'wildcard', field: rng.pick(textFields), parts };
        }
        case 'date':
          return term(rng.pick(dates), rng.pick([builtin('created'), fields[3]!]));
        case 'number':
          return term(rng.pick(numbers), fields[2]!);
        case 'bool':
          return term(rng.pick(['true', 'false', 'TRUE']), fields[4]!);
        case 'range': {
          const [low, high] = rng.next() < 0.5 ? ['2020-01', '2024'] : ['-5', '42'];
          const field = low === '-5' ? fields[2]! : builtin('modified');
          const bound = (value: string) => (rng.next() < 0.3 ? null : { value, inclusive: rng.next() < 0.5 });
          const lower = bound(low);
          return range(field, lower, lower ? bound(high) : { value: high, inclusive: rng.next() < 0.5 });
        }
      }
    }

    function generateTree(rng: ReturnType<typeof random>, depth: number): QueryNode {
      if (depth === 0 || rng.next() < 0.3) return generateLeaf(rng);
      const count = 1 + Math.floor(rng.next() * 3);
      const operands = Array.from({ length: count }, () => generateTree(rng, depth - 1));
      const kind = rng.pick(['and', 'or', 'not'] as const);
      if (kind === 'not') return not(operands[0]!);
      return kind === 'and' ? andOf(operands) : orOf(operands);
    }

    it.each(Array.from({ length: 300 }, (_, index) => index + 1))('round-trips generated query %d', (seed) => {
      const ast = generateTree(random(seed), 4);
      const text = formatQuery(ast);
      expect({ text, ast: reparse(text) }).toEqual({ text, ast });
    });
  });
});
