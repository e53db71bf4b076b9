import { parseQuery } from './query.parser';
import { QueryParseError, queryErrorCodes, type QueryErrorCode } from './query.errors';
import type { QueryNode } from './query.ast';
import {
  all,
  and,
  builtin,
  exclusive,
  form,
  inclusive,
  not,
  or,
  phrase,
  range,
  term,
  wildcard,
} from './testing/ast.builders';

const genre = form('genre', 'keyword');
const notes = form('notes', 'text');
const episode = form('episode', 'number');
const airDate = form('airDate', 'date');
const approved = form('approved', 'boolean');
const showName = form('show.name', 'text');
const fields = [genre, notes, episode, airDate, approved, showName];

const title = builtin('title');
const created = builtin('created');
const type = builtin('type');

function parse(text: string) {
  return parseQuery(text, { fields }).ast;
}

function parseError(text: string, options = { fields }): QueryParseError {
  try {
    parseQuery(text, options);
  } catch (error) {
    if (error instanceof QueryParseError) return error;
    throw error;
  }
  throw new Error(`Expected ${JSON.stringify(text)} not to parse`);
}

describe('parseQuery', () => {
  const cases: [string, QueryNode][] = [
    ['', all],
    ['   \t ', all],
    ['goal', term('goal')],
    ['goal keeper', and(term('goal'), term('keeper'))],
    ['  goal   keeper  ', and(term('goal'), term('keeper'))],
    ['"big cat"', phrase('big cat')],
    ['"say \\"hi\\" \\\\ bye"', phrase('say "hi" \\ bye')],
    ['"a" "b"', and(phrase('a'), phrase('b'))],
    ['foo"bar"', and(term('foo'), phrase('bar'))],
    ['lond*', wildcard('lond*')],
    ['te?t', wildcard('te?t')],
    ['*port', wildcard('*port')],
    ['*', wildcard('*')],
    ['a\\*b', term('a*b')],
    ['a\\*b*', wildcardOf([['a*b'], '*'])],
    ['foo\\ bar', term('foo bar')],
    ['\\-draft', term('-draft')],
    ['\\AND', term('AND')],
    ['and or not', and(term('and'), term('or'), term('not'))],
    ['ANDROID ORacle NOTE', and(term('ANDROID'), term('ORacle'), term('NOTE'))],
    ['hello-world', term('hello-world')],
    ['12:30', term('12:30')],
    ['a\\:b', term('a:b')],
    ['[RAW] <clip>', and(term('[RAW]'), term('<clip>'))],
    ['a AND b', and(term('a'), term('b'))],
    ['a OR b', or(term('a'), term('b'))],
    ['a b OR c d', or(and(term('a'), term('b')), and(term('c'), term('d')))],
    ['a AND b OR c', or(and(term('a'), term('b')), term('c'))],
    ['a OR b AND c', or(term('a'), and(term('b'), term('c')))],
    ['a OR b c', or(term('a'), and(term('b'), term('c')))],
    ['(a OR b) c', and(or(term('a'), term('b')), term('c'))],
    ['a AND (b OR c)', and(term('a'), or(term('b'), term('c')))],
    ['((a))', term('a')],
    ['(a b) c', and(term('a'), term('b'), term('c'))],
    ['a OR (b OR c)', or(term('a'), term('b'), term('c'))],
    ['NOT a', not(term('a'))],
    ['NOT a b', and(not(term('a')), term('b'))],
    ['NOT a OR b', or(not(term('a')), term('b'))],
    ['a NOT b', and(term('a'), not(term('b')))],
    ['a AND NOT b', and(term('a'), not(term('b')))],
    ['NOT NOT a', not(not(term('a')))],
    ['NOT (a OR b)', not(or(term('a'), term('b')))],
    ['-a', not(term('a'))],
    ['a -b', and(term('a'), not(term('b')))],
    ['--a', not(not(term('a')))],
    ['-(a b)', not(and(term('a'), term('b')))],
    ['-"big cat"', not(phrase('big cat'))],
    ['+a b', and(term('a'), term('b'))],
    ['a-b', term('a-b')],
    ['title:foo', term('foo', title)],
    ['Title:foo', term('foo', title)],
    ['title:"big cat"', phrase('big cat', title)],
    ['title:lond*', wildcard('lond*', title)],
    ['title:*', wildcard('*', title)],
    ['title:AND', term('AND', title)],
    ['title:-draft', term('-draft', title)],
    ['title:foo:bar', term('foo:bar', title)],
    ['-title:foo', not(term('foo', title))],
    ['genre:Sport', term('Sport', genre)],
    ['notes:interview', term('interview', notes)],
    ['show.name:news', term('news', showName)],
    ['type:(video OR audio)', or(term('video', type), term('audio', type))],
    [
      'title:(a -b "c d" e*)',
      and(term('a', title), not(term('b', title)), phrase('c d', title), wildcard('e*', title)),
    ],
    ['created:2024', term('2024', created)],
    ['created:2024-05-01T10:00:00Z', term('2024-05-01T10:00:00Z', created)],
    ['created:"2024-05"', phrase('2024-05', created)],
    ['created:*', wildcard('*', created)],
    ['created:[2020 TO 2021]', range(created, inclusive('2020'), inclusive('2021'))],
    ['created:{2020 TO 2021}', range(created, exclusive('2020'), exclusive('2021'))],
    ['created:[2020 TO 2021}', range(created, inclusive('2020'), exclusive('2021'))],
    ['created:[  2020-01   TO   2020-03-31  ]', range(created, inclusive('2020-01'), inclusive('2020-03-31'))],
    ['created:[2020 TO *]', range(created, inclusive('2020'), null)],
    ['created:[* TO 2020]', range(created, null, inclusive('2020'))],
    ['created:[2024-05 TO 2024]', range(created, inclusive('2024-05'), inclusive('2024'))],
    ['created:>=2024-01-01', range(created, inclusive('2024-01-01'), null)],
    ['created:>2024', range(created, exclusive('2024'), null)],
    ['created:<=2024-06', range(created, null, inclusive('2024-06'))],
    ['created:<2024-06-01T12:00:00+02:00', range(created, null, exclusive('2024-06-01T12:00:00+02:00'))],
    ['created:(2024 OR >2025-06)', or(term('2024', created), range(created, exclusive('2025-06'), null))],
    ['episode:<5', range(episode, null, exclusive('5'))],
    ['episode:[-2.5 TO 10]', range(episode, inclusive('-2.5'), inclusive('10'))],
    ['episode:[5 TO 5]', range(episode, inclusive('5'), inclusive('5'))],
    ['episode:12', term('12', episode)],
    ['airDate:[2024-01-01 TO 2024-12-31]', range(airDate, inclusive('2024-01-01'), inclusive('2024-12-31'))],
    ['approved:true', term('true', approved)],
    ['approved:FALSE', term('FALSE', approved)],
    ['created:[2020 TO 2021]foo', and(range(created, inclusive('2020'), inclusive('2021')), term('foo'))],
    [
      'goal* -type:image (title:"final" OR created:>=2024) genre:Sport',
      and(
        wildcard('goal*'),
        not(term('image', type)),
        or(phrase('final', title), range(created, inclusive('2024'), null)),
        term('Sport', genre),
      ),
    ],
  ];

  it.each(cases)('parses %j', (text, expected) => {
    expect(parse(text)).toEqual(expected);
  });

  describe('without a field catalogue', () => {
    it('takes an unknown name for a form text field', () => {
      expect(parseQuery('mood:happy').ast).toEqual(term('happy', form('mood', 'text')));
    });

    it('infers numbers or dates from the bounds of a range on an unknown field', () => {
      expect(parseQuery('take:[1 TO 3]').ast).toEqual(range(form('take', 'number'), inclusive('1'), inclusive('3')));
      expect(parseQuery('shot:>=2024-02').ast).toEqual(range(form('shot', 'date'), inclusive('2024-02'), null));
    });

    it('still knows the built-in fields and their kinds', () => {
      expect(parseQuery('created:2024').ast).toEqual(term('2024', created));
      expect(parseError('created:soon', {} as { fields: typeof fields }).code).toBe('INVALID_VALUE');
    });
  });

  it('lets a built-in shadow a form field of the same id', () => {
    expect(parseQuery('title:x', { fields: [form('title', 'number')] }).ast).toEqual(term('x', title));
  });

  it('does not guess between fields that differ only in case', () => {
    const twins = [form('Mood', 'text'), form('mood', 'keyword')];
    expect(parseQuery('mood:x', { fields: twins }).ast).toEqual(term('x', twins[1]!));
    expect(parseError('MOOD:x', { fields: twins }).code).toBe('UNKNOWN_FIELD');
  });

  describe('warnings', () => {
    const warning = {
      code: 'WILDCARDS_WITH_OPERATORS',
      message: 'Wildcards and operators are mixed: results may not be what you expect.',
    };
    it.each([
      ['lond* AND paris', true],
      ['lond* OR paris', true],
      ['NOT lond*', true],
      ['te?t -draft', true],
      ['title:* NOT title:draft', true],
      ['(lond* OR paris) goal', true],
      ['lond* paris', false],
      ['+lond* paris', false],
      ['a AND b', false],
      ['a\\* AND b', false],
      ['created:[2020 TO *] AND b', false],
      ['"lond*" OR paris', false],
    ])('%j warns: %s', (text, warns) => {
      expect(parseQuery(text, { fields }).warnings).toEqual(warns ? [warning] : []);
    });
  });

  describe('errors', () => {
    const errors: [string, QueryErrorCode, number][] = [
      ['(a', 'UNBALANCED_PARENTHESIS', 0],
      ['a (b (c)', 'UNBALANCED_PARENTHESIS', 2],
      ['a)', 'UNBALANCED_PARENTHESIS', 1],
      ['(a)) b', 'UNBALANCED_PARENTHESIS', 3],
      [')', 'UNBALANCED_PARENTHESIS', 0],
      ['type:(video OR audio', 'UNBALANCED_PARENTHESIS', 5],
      ['"abc', 'UNTERMINATED_PHRASE', 0],
      ['a "b\\"', 'UNTERMINATED_PHRASE', 2],
      ['title:"abc', 'UNTERMINATED_PHRASE', 6],
      ['""', 'EMPTY_PHRASE', 0],
      ['a "  "', 'EMPTY_PHRASE', 2],
      ['AND', 'MISSING_OPERAND', 0],
      ['AND a', 'MISSING_OPERAND', 0],
      ['a AND', 'MISSING_OPERAND', 2],
      ['a OR', 'MISSING_OPERAND', 2],
      ['OR a', 'MISSING_OPERAND', 0],
      ['a OR OR b', 'MISSING_OPERAND', 2],
      ['a AND OR b', 'MISSING_OPERAND', 2],
      ['a NOT', 'MISSING_OPERAND', 2],
      ['NOT', 'MISSING_OPERAND', 0],
      ['NOT )', 'MISSING_OPERAND', 0],
      ['a -', 'MISSING_OPERAND', 2],
      ['Paris - London', 'MISSING_OPERAND', 6],
      ['+ a', 'MISSING_OPERAND', 0],
      ['(-)', 'MISSING_OPERAND', 1],
      ['()', 'MISSING_OPERAND', 0],
      ['a ( )', 'MISSING_OPERAND', 2],
      ['(a OR)', 'MISSING_OPERAND', 3],
      ['title:', 'MISSING_VALUE', 0],
      ['a title: b', 'MISSING_VALUE', 2],
      ['(title:)', 'MISSING_VALUE', 1],
      ['created:>=', 'MISSING_VALUE', 8],
      ['episode:< 5', 'MISSING_VALUE', 8],
      ['created:[2020 2021]', 'INVALID_RANGE', 8],
      ['created:[2020 TO]', 'INVALID_RANGE', 8],
      ['created:[2020 to 2021]', 'INVALID_RANGE', 8],
      ['created:[]', 'INVALID_RANGE', 8],
      ['created:[2020 TO 2021', 'INVALID_RANGE', 8],
      ['created:[2020 TO 2021) x', 'INVALID_RANGE', 8],
      ['created:[* TO *]', 'INVALID_RANGE', 8],
      ['created:[2022 TO 2020]', 'INVALID_RANGE', 8],
      ['created:[2024-06 TO 2024-05-31]', 'INVALID_RANGE', 8],
      ['episode:[10 TO 2]', 'INVALID_RANGE', 8],
      ['created:[2020 TO soon]', 'INVALID_RANGE', 17],
      ['created:[2023-02-29 TO 2024]', 'INVALID_RANGE', 9],
      ['episode:[one TO 2]', 'INVALID_RANGE', 9],
      ['episode:>*', 'INVALID_RANGE', 9],
      ['title:[a TO b]', 'INVALID_RANGE', 6],
      ['genre:>b', 'INVALID_RANGE', 6],
      ['approved:[0 TO 1]', 'INVALID_RANGE', 9],
      ['created:soon', 'INVALID_VALUE', 8],
      ['created:2024-13', 'INVALID_VALUE', 8],
      ['created:"next week"', 'INVALID_VALUE', 8],
      ['created:2024*', 'INVALID_VALUE', 8],
      ['episode:twelve', 'INVALID_VALUE', 8],
      ['episode:1e3', 'INVALID_VALUE', 8],
      ['episode:1?', 'INVALID_VALUE', 8],
      ['approved:yes', 'INVALID_VALUE', 9],
      ['type:(video OR 2024) created:(2024 OR soon)', 'INVALID_VALUE', 38],
      ['foo\\', 'INVALID_ESCAPE', 3],
      ['title:a\\', 'INVALID_ESCAPE', 7],
      ['mood:happy', 'UNKNOWN_FIELD', 0],
      ['a -mood:happy', 'UNKNOWN_FIELD', 3],
      ['http://example.com', 'UNKNOWN_FIELD', 0],
      ['title:(a genre:b)', 'NESTED_FIELD', 9],
      [`${'('.repeat(100)}a${')'.repeat(100)}`, 'TOO_DEEPLY_NESTED', 64],
      [`${'NOT '.repeat(100)}a`, 'TOO_DEEPLY_NESTED', 256],
    ];

    it.each(errors)('%j fails with %s at %d', (text, code, position) => {
      const error = parseError(text);
      expect({ code: error.code, position: error.position }).toEqual({ code, position });
      expect(error.message).toMatch(/^[A-Z'(+-].*\.$/);
    });

    it('has a case for every error code', () => {
      expect(new Set(errors.map(([, code]) => code))).toEqual(new Set(queryErrorCodes));
    });

    it('is an Error with a readable message, not an application error', () => {
      const error = parseError('title:[2020 TO 2021]');
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe('QueryParseError');
      expect(error.message).toBe('Ranges work on dates and numbers; title is a text field.');
    });

    it('names the field in messages', () => {
      expect(parseError('mood:happy').message).toBe('There is no field mood.');
      expect(parseError('title: x').message).toBe('Field title needs a value after the colon.');
      expect(parseError('created:soon').message).toBe(
        "'soon' is not a date: use YYYY, YYYY-MM, YYYY-MM-DD or an ISO date-time.",
      );
    });
  });
});

function wildcardOf(parts: ([string] | '*' | '?')[]): QueryNode {
  return {
    kind: 'wildcard',
    field: null,
    parts: parts.map((part) =>
      part === '*' ? { kind: 'anyRun' } : part === '?' ? { kind: 'anyChar' } : { kind: 'literal', text: part[0] },
    ),
  };
}
