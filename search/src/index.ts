export * from './search-field';
export * from './query.ast';
export * from './query.errors';
export { parseQuery, type ParseQueryOptions, type ParsedQuery } from './query.parser';
export { formatQuery } from './query.formatter';
export { parseDateValue, parseNumberValue, parseBooleanValue, type DatePeriod } from './query.values';
export { compileToPostgres, type PgSearchTarget } from './postgres.compiler';
export {
  compileToElasticsearch,
  elasticsearchSearchRequest,
  type ElasticsearchQuery,
  type ElasticsearchSearchRequest,
} from './elasticsearch.compiler';
export {
  elasticsearchMapping,
  type ElasticsearchMapping,
  type ElasticsearchFieldMapping,
} from './elasticsearch.mapping';
