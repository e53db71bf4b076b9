import type { Client, estypes } from '@elastic/elasticsearch';
import type { SearchField } from '../search-field';
import {
  bulkChunkSize,
  bulkFailures,
  chunks,
  deleteOperations,
  ElasticsearchBulkError,
  indexOperations,
  type BulkOperation,
} from './elasticsearch.bulk';
import type { SearchDocument } from './elasticsearch.document';
import { createIndexRequest, generationIndex, generationOf, mappingUpdate, tenantAlias } from './elasticsearch.indices';
import { pageRequestBody, searchRequestBody, type EsPageRequest, type EsSearchRequest } from './elasticsearch.request';
import { pageIds, searchResult, type EsSearchResult } from './elasticsearch.result';
import { suggestions, suggestRequestBody } from './elasticsearch.suggest';

export interface ElasticsearchBackendOptions {
  /** e.g. `http://localhost:9200`; credentials may be part of the URL. Unused when `client` is given. */
  node: string;
  /** Tenant aliases are `${indexPrefix}-${tenantId}`. Default `mam-items`. */
  indexPrefix?: string;
  /** A client of the caller's, which close() then leaves open. */
  client?: Client;
}

export interface ElasticsearchWriteOptions {
  /** Wait until the change is visible to searches (`refresh=wait_for`). */
  refresh?: boolean;
}

export interface ElasticsearchBackend {
  /** Whether the cluster answers within the time (default 2 s). */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Creates the tenant's index behind its alias, or adds the mapping of fields it does not have yet. Throws
   * ElasticsearchReindexRequiredError when a field changed kind or the index has an older mapping.
   */
  ensureIndex(tenantId: string, fields: readonly SearchField[]): Promise<void>;
  /** Adds or replaces items, each in its own tenant's index (which must exist). */
  index(docs: readonly SearchDocument[], options?: ElasticsearchWriteOptions): Promise<void>;
  /** Removes items; ids not in the index are no error. */
  remove(tenantId: string, ids: readonly string[], options?: ElasticsearchWriteOptions): Promise<void>;
  /**
   * Builds a new index from the batches, then moves the alias to it in one step and drops the old index. Searches
   * see the old index until the swap; writes made meanwhile go to the old one and are lost with it.
   */
  reindex(
    tenantId: string,
    fields: readonly SearchField[],
    batches: AsyncIterable<readonly SearchDocument[]> | Iterable<readonly SearchDocument[]>,
  ): Promise<{ indexed: number }>;
  /** One page of matches, the total and facet counts, over the items the scope may see. */
  search(tenantId: string, request: EsSearchRequest): Promise<EsSearchResult>;
  /** The ids of one page of the same matches in the same order, counting nothing. */
  page(tenantId: string, request: EsPageRequest): Promise<string[]>;
  /** For the words the tenant's documents lack, the closest word they have ("did you mean"). */
  suggest(tenantId: string, words: readonly string[]): Promise<Map<string, string>>;
  /** Deletes the tenant's index (its alias goes with it). */
  drop(tenantId: string): Promise<void>;
  close(): Promise<void>;
}

/** The client's ResponseError, recognised by shape: the client module is loaded only when first needed. */
function isResponseError(error: unknown, status: number, type?: string): boolean {
  if (!(error instanceof Error) || error.name !== 'ResponseError') return false;
  const { statusCode, body } = error as Error & { statusCode?: number; body?: { error?: { type?: string } } };
  return statusCode === status && (type === undefined || body?.error?.type === type);
}

/**
 * The search back end for Elasticsearch: one index per tenant behind an alias, the query language's DSL. The
 * client library is loaded on first use, so that importing @mam/search costs nothing where Elasticsearch is off.
 */
export function createElasticsearchBackend(options: ElasticsearchBackendOptions): ElasticsearchBackend {
  let loaded: Promise<Client> | undefined;
  const connect = (): Promise<Client> => {
    loaded ??= options.client
      ? Promise.resolve(options.client)
      : import('@elastic/elasticsearch').then(({ Client }) => new Client({ node: options.node }));
    return loaded;
  };
  const prefix = options.indexPrefix ?? 'mam-items';
  const aliasOf = (tenantId: string) => tenantAlias(prefix, tenantId);

  async function indicesBehind(client: Client, alias: string): Promise<string[]> {
    try {
      return Object.keys(await client.indices.getAlias({ name: alias })).sort();
    } catch (error) {
      if (isResponseError(error, 404)) return [];
      throw error;
    }
  }

  async function mappingsBehind(client: Client, alias: string): Promise<estypes.IndicesGetMappingResponse | undefined> {
    try {
      return await client.indices.getMapping({ index: alias });
    } catch (error) {
      if (isResponseError(error, 404)) return undefined;
      throw error;
    }
  }

  async function bulk(operations: BulkOperation[], refresh: boolean, requireAlias: boolean): Promise<void> {
    if (operations.length === 0) return;
    const client = await connect();
    const response = await client.bulk({
      operations,
      ...(refresh ? { refresh: 'wait_for' as const } : {}),
      // Without it a write to a tenant that has no index would create one with dynamic mapping.
      ...(requireAlias ? { require_alias: true } : {}),
    });
    const failures = bulkFailures(response);
    if (failures.length > 0) throw new ElasticsearchBulkError(failures);
  }

  async function indexInto(
    target: string,
    docs: readonly SearchDocument[],
    refresh: boolean,
    requireAlias: boolean,
  ): Promise<void> {
    for (const chunk of chunks(docs, bulkChunkSize)) {
      await bulk(indexOperations(target, chunk), refresh, requireAlias);
    }
  }

  return {
    async ping(timeoutMs = 2000) {
      try {
        const client = await connect();
        return await client.ping(undefined, { requestTimeout: timeoutMs, maxRetries: 0 });
      } catch {
        return false;
      }
    },

    async ensureIndex(tenantId, fields) {
      const alias = aliasOf(tenantId);
      const client = await connect();
      for (let attempt = 0; ; attempt += 1) {
        const current = await mappingsBehind(client, alias);
        if (!current) {
          try {
            await client.indices.create(createIndexRequest(generationIndex(alias, 1), fields, alias));
            return;
          } catch (error) {
            // Another process created it first: carry on with its mapping.
            if (attempt === 0 && isResponseError(error, 400, 'resource_already_exists_exception')) continue;
            throw error;
          }
        }
        for (const [index, { mappings }] of Object.entries(current)) {
          const missing = mappingUpdate(index, mappings, fields);
          if (Object.keys(missing).length > 0) {
            await client.indices.putMapping({ index, properties: missing as Record<string, estypes.MappingProperty> });
          }
        }
        return;
      }
    },

    async index(docs, writeOptions = {}) {
      const byTenant = new Map<string, SearchDocument[]>();
      for (const doc of docs) {
        const tenantDocs = byTenant.get(doc.tenantId);
        if (tenantDocs) tenantDocs.push(doc);
        else byTenant.set(doc.tenantId, [doc]);
      }
      for (const [tenantId, tenantDocs] of byTenant) {
        await indexInto(aliasOf(tenantId), tenantDocs, writeOptions.refresh ?? false, true);
      }
    },

    async remove(tenantId, ids, writeOptions = {}) {
      const alias = aliasOf(tenantId);
      for (const chunk of chunks(ids, bulkChunkSize)) {
        await bulk(deleteOperations(alias, chunk), writeOptions.refresh ?? false, true);
      }
    },

    async reindex(tenantId, fields, batches) {
      const alias = aliasOf(tenantId);
      const client = await connect();
      const current = await indicesBehind(client, alias);
      const next = generationIndex(alias, Math.max(0, ...current.map((index) => generationOf(alias, index))) + 1);
      // An index of that generation outside the alias is left from a reindex that did not finish.
      await client.indices.delete({ index: next }, { ignore: [404] });
      await client.indices.create(createIndexRequest(next, fields));
      let indexed = 0;
      try {
        for await (const batch of batches) {
          const stranger = batch.find((doc) => doc.tenantId !== tenantId);
          if (stranger)
            throw new Error(`Item ${stranger.id} of tenant ${stranger.tenantId} in a reindex of ${tenantId}`);
          await indexInto(next, batch, false, false);
          indexed += batch.length;
        }
        await client.indices.refresh({ index: next });
        await client.indices.updateAliases({
          actions: [...current.map((index) => ({ remove: { index, alias } })), { add: { index: next, alias } }],
        });
      } catch (error) {
        await client.indices.delete({ index: next }, { ignore: [404] }).catch(() => undefined);
        throw error;
      }
      if (current.length > 0) await client.indices.delete({ index: current });
      return { indexed };
    },

    async search(tenantId, request) {
      const index = aliasOf(tenantId);
      const client = await connect();
      const response = await client.search({ index, ...searchRequestBody(tenantId, request) } as estypes.SearchRequest);
      return searchResult(response, request.facetFields);
    },

    async page(tenantId, request) {
      const client = await connect();
      const response = await client.search({
        index: aliasOf(tenantId),
        ...pageRequestBody(tenantId, request),
      } as estypes.SearchRequest);
      return pageIds(response);
    },

    async suggest(tenantId, words) {
      if (words.length === 0) return new Map();
      const client = await connect();
      const response = await client.search({
        index: aliasOf(tenantId),
        ...suggestRequestBody(words),
      } as estypes.SearchRequest);
      return suggestions(response);
    },

    async drop(tenantId) {
      const alias = aliasOf(tenantId);
      const client = await connect();
      const current = await indicesBehind(client, alias);
      if (current.length > 0) await client.indices.delete({ index: current });
    },

    async close() {
      // A client passed in belongs to the caller; one never loaded needs no closing.
      if (!options.client && loaded) await (await loaded).close();
    },
  };
}
