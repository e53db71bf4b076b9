import { compileToElasticsearch, elasticsearchSearchRequest, type ElasticsearchQuery } from './elasticsearch.compiler';
import { parseQuery } from '../query.parser';
import { form } from '../testing/ast.builders';

const fields = [
  form('genre', 'keyword'),
  form('notes', 'text'),
  form('episode', 'number'),
  form('airDate', 'date'),
  form('approved', 'boolean'),
];

function compile(text: string): ElasticsearchQuery {
  return compileToElasticsearch(parseQuery(text, { fields }).ast);
}

const word = (query: string, field = 'content') => ({ match: { [field]: { query, operator: 'and' } } });
const pattern = (field: string, value: string) => ({ wildcard: { [field]: { value, case_insensitive: true } } });

describe('compileToElasticsearch', () => {
  const cases: [string, ElasticsearchQuery][] = [
    ['', { match_all: {} }],
    ['*', { match_all: {} }],
    ['goal', word('goal')],
    ['"big cat"', { match_phrase: { content: 'big cat' } }],
    ['lond*', pattern('content', 'lond*')],
    ['te?t', pattern('contentWildcard', '*te?t*')],
    ['*port', pattern('contentWildcard', '**port*')],
    ['a\\*b\\\\?', pattern('contentWildcard', '*a\\*b\\\\?*')],
    ['a b', { bool: { must: [word('a'), word('b')] } }],
    ['a OR b', { bool: { should: [word('a'), word('b')], minimum_should_match: 1 } }],
    [
      'a b OR c',
      { bool: { should: [{ bool: { must: [word('a'), word('b')] } }, word('c')], minimum_should_match: 1 } },
    ],
    ['-a', { bool: { must_not: [word('a')] } }],
    ['a -b NOT c', { bool: { must: [word('a')], must_not: [word('b'), word('c')] } }],
    ['-a -b', { bool: { must_not: [word('a'), word('b')] } }],
    ['NOT (a OR b)', { bool: { must_not: [{ bool: { should: [word('a'), word('b')], minimum_should_match: 1 } }] } }],
    ['NOT NOT a', { bool: { must_not: [{ bool: { must_not: [word('a')] } }] } }],
    ['title:goal', word('goal', 'title')],
    ['title:"big cat"', { match_phrase: { title: 'big cat' } }],
    ['title:lond*', pattern('title', 'lond*')],
    ['description:*ondo?', pattern('description.wildcard', '**ondo?*')],
    ['filename:*', { exists: { field: 'filename' } }],
    ['type:Video', { term: { itemType: { value: 'Video', case_insensitive: true } } }],
    ['state:"COMPLETE"', { term: { state: { value: 'COMPLETE', case_insensitive: true } } }],
    ['type:vid*', pattern('itemType', 'vid*')],
    ['created:*', { exists: { field: 'created' } }],
    ['created:2024', { range: { created: { gte: '2024-01-01T00:00:00.000Z', lt: '2025-01-01T00:00:00.000Z' } } }],
    [
      'created:2024-05-01T10:00:00Z',
      { range: { created: { gte: '2024-05-01T10:00:00.000Z', lte: '2024-05-01T10:00:00.000Z' } } },
    ],
    [
      'modified:[2024-02 TO 2024-03]',
      { range: { modified: { gte: '2024-02-01T00:00:00.000Z', lt: '2024-04-01T00:00:00.000Z' } } },
    ],
    ['created:>2024-05-01', { range: { created: { gte: '2024-05-02T00:00:00.000Z' } } }],
    ['created:<2024-05', { range: { created: { lt: '2024-05-01T00:00:00.000Z' } } }],
    ['created:>2024-05-01T10:00:00Z', { range: { created: { gt: '2024-05-01T10:00:00.000Z' } } }],
    ['genre:Sport', { term: { 'fields.genre': { value: 'Sport', case_insensitive: true } } }],
    ['genre:sp*', pattern('fields.genre', 'sp*')],
    ['genre:*', { exists: { field: 'fields.genre' } }],
    ['notes:interview', word('interview', 'fields.notes')],
    ['notes:"live shot"', { match_phrase: { 'fields.notes': 'live shot' } }],
    ['notes:in*ew', pattern('fields.notes.wildcard', '*in*ew*')],
    ['episode:12', { term: { 'fields.episode': 12 } }],
    ['episode:[1 TO 5}', { range: { 'fields.episode': { gte: 1, lt: 5 } } }],
    ['episode:>-2.5', { range: { 'fields.episode': { gt: -2.5 } } }],
    [
      'airDate:2024-05-01',
      { range: { 'fields.airDate': { gte: '2024-05-01T00:00:00.000Z', lt: '2024-05-02T00:00:00.000Z' } } },
    ],
    ['approved:TRUE', { term: { 'fields.approved': true } }],
    [
      'goal* -type:image (title:"final" OR created:>=2024) genre:Sport',
      {
        bool: {
          must: [
            pattern('content', 'goal*'),
            {
              bool: {
                should: [
                  { match_phrase: { title: 'final' } },
                  { range: { created: { gte: '2024-01-01T00:00:00.000Z' } } },
                ],
                minimum_should_match: 1,
              },
            },
            { term: { 'fields.genre': { value: 'Sport', case_insensitive: true } } },
          ],
          must_not: [{ term: { itemType: { value: 'image', case_insensitive: true } } }],
        },
      },
    ],
  ];

  it.each(cases)('compiles %j', (text, expected) => {
    expect(compile(text)).toEqual(expected);
  });

  it('treats a form field the caller did not list as a text field', () => {
    expect(compileToElasticsearch(parseQuery('mood:calm').ast)).toEqual(word('calm', 'fields.mood'));
  });
});

describe('elasticsearchSearchRequest', () => {
  it('confines the query to the tenant', () => {
    expect(elasticsearchSearchRequest(parseQuery('goal').ast, { tenantId: 't-1', size: 20 })).toEqual({
      query: { bool: { filter: [{ term: { tenantId: 't-1' } }], must: [word('goal')] } },
      from: 0,
      size: 20,
    });
  });
});
