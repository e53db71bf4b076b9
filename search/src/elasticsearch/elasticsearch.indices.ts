import type { estypes } from '@elastic/elasticsearch';
import type { SearchField } from '../search-field';
import { elasticsearchMapping, type ElasticsearchFieldMapping } from './elasticsearch.mapping';

/**
 * Raised when a change cannot be made to a live index: a field changed kind, or the index was built by an older
 * mapping. `reindex` builds a new index and moves the alias to it.
 */
export class ElasticsearchReindexRequiredError extends Error {
  constructor(
    readonly index: string,
    readonly reason: string,
  ) {
    super(`Elasticsearch index ${index} must be rebuilt (reindex): ${reason}`);
    this.name = 'ElasticsearchReindexRequiredError';
  }
}

/** Bumped whenever elasticsearchMapping changes what existing fields mean; older indexes then need a reindex. */
export const mappingVersion = 1;

/** One shard per tenant index keeps term counts exact; a malformed value skips that field, not the whole item. */
export const indexSettings = { number_of_shards: 1, 'mapping.ignore_malformed': true } as const;

// Tenant ids become part of index names, which Elasticsearch wants lower case and free of separators; the dot is
// kept out so that no tenant's alias can equal another tenant's generation index.
const tenantIdPattern = /^[a-z0-9][a-z0-9_-]*$/;

/** The alias every read and write of a tenant goes through: `${prefix}-${tenantId}`. */
export function tenantAlias(prefix: string, tenantId: string): string {
  if (!tenantIdPattern.test(tenantId)) {
    throw new Error(`Tenant id ${JSON.stringify(tenantId)} cannot name an Elasticsearch index`);
  }
  return `${prefix}-${tenantId}`;
}

/** The concrete index behind an alias: `${alias}.v${generation}`, one more on every reindex. */
export function generationIndex(alias: string, generation: number): string {
  return `${alias}.v${generation}`;
}

/** The generation of a concrete index of this alias, 0 for an index named otherwise. */
export function generationOf(alias: string, index: string): number {
  const match = index.startsWith(`${alias}.v`) ? /^\d+$/.exec(index.slice(alias.length + 2)) : null;
  return match ? Number(match[0]) : 0;
}

/** The mapping as the client's request types spell it, with the version that ensureIndex checks. */
export function indexMappings(fields: readonly SearchField[]): estypes.MappingTypeMapping {
  return { ...elasticsearchMapping(fields), _meta: { mappingVersion } } as estypes.MappingTypeMapping;
}

export function createIndexRequest(index: string, fields: readonly SearchField[], alias?: string) {
  return {
    index,
    ...(alias ? { aliases: { [alias]: {} } } : {}),
    mappings: indexMappings(fields),
    settings: { ...indexSettings },
  } satisfies estypes.IndicesCreateRequest;
}

type Properties = Record<string, ElasticsearchFieldMapping>;
type ExistingProperties = Record<string, { type?: string; properties?: ExistingProperties }>;

export interface MappingDifference {
  /** Properties to add with put_mapping, nested as in a mapping; empty when the index has them all. */
  missing: Properties;
  /** Paths whose type in the index differs from the one wanted. */
  conflicts: string[];
}

/**
 * What the index lacks of the wanted mapping. Only additions can be made in place; a changed type is a conflict.
 * Elasticsearch reports objects without `type`, so objects are compared by their properties.
 */
export function mappingDifference(wanted: Properties, existing: ExistingProperties, path = ''): MappingDifference {
  const missing: Properties = {};
  const conflicts: string[] = [];
  for (const [name, mapping] of Object.entries(wanted)) {
    const current = existing[name];
    if (!current) {
      missing[name] = mapping;
      continue;
    }
    if (mapping.type === 'object') {
      const inner = mappingDifference(mapping.properties as Properties, current.properties ?? {}, `${path}${name}.`);
      if (Object.keys(inner.missing).length > 0) missing[name] = { type: 'object', properties: inner.missing };
      conflicts.push(...inner.conflicts);
    } else if ((current.type ?? 'object') !== mapping.type) {
      conflicts.push(`${path}${name}`);
    }
  }
  return { missing, conflicts };
}

/** What ensureIndex has to do to the index behind an alias, from its current mapping. */
export function mappingUpdate(
  index: string,
  current: estypes.MappingTypeMapping | undefined,
  fields: readonly SearchField[],
): Properties {
  const version = current?._meta?.mappingVersion;
  if (version !== mappingVersion) {
    throw new ElasticsearchReindexRequiredError(index, `mapping version ${String(version)}, wanted ${mappingVersion}`);
  }
  const { missing, conflicts } = mappingDifference(
    elasticsearchMapping(fields).properties,
    (current?.properties ?? {}) as ExistingProperties,
  );
  if (conflicts.length > 0) {
    throw new ElasticsearchReindexRequiredError(index, `the type of ${conflicts.join(', ')} changed`);
  }
  return missing;
}
