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
} from './elasticsearch/elasticsearch.compiler';
export {
  elasticsearchMapping,
  type ElasticsearchMapping,
  type ElasticsearchFieldMapping,
} from './elasticsearch/elasticsearch.mapping';
export {
  createElasticsearchBackend,
  type ElasticsearchBackend,
  type ElasticsearchBackendOptions,
  type ElasticsearchWriteOptions,
} from './elasticsearch/elasticsearch.backend';
export {
  indexedItem,
  type IndexedItem,
  type SearchDocument,
  type SearchDocumentValue,
} from './elasticsearch/elasticsearch.document';
export {
  pageRequestBody,
  searchRequestBody,
  visibilityQuery,
  type EsPageRequest,
  type EsSearchFilters,
  type EsSearchRequest,
  type EsSearchSort,
} from './elasticsearch/elasticsearch.request';
export { suggestRequestBody } from './elasticsearch/elasticsearch.suggest';
export { type EsFacetCount, type EsSearchFacets, type EsSearchResult } from './elasticsearch/elasticsearch.result';
export { ElasticsearchReindexRequiredError, mappingVersion } from './elasticsearch/elasticsearch.indices';
export { ElasticsearchBulkError } from './elasticsearch/elasticsearch.bulk';
