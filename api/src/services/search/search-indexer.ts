import type { TJsonValue } from '@mam/core';
import type { Repositories, TItemWithVersion } from '@mam/db';
import type { ElasticsearchBackend, SearchDocument, SearchDocumentValue } from '@mam/search';
import type { MetadataFormService } from '../metadata/metadata-form.service';
import type { ServiceLogger } from '../service-deps';
import { searchFieldsOf } from './search-fields';

const BATCH = 500;
const DEFAULT_INTERVAL_MS = 2_000;

function documentValue(value: TJsonValue | undefined): SearchDocumentValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** The item's folder and its ancestors, from the tenant's folder tree. */
export function folderChain(folderId: string | null, parents: ReadonlyMap<string, string | null>): string[] {
  const chain: string[] = [];
  for (let id = folderId; id && !chain.includes(id); id = parents.get(id) ?? null) chain.push(id);
  return chain;
}

/** Log entries' values by fieldId, flattened to text as the index searches them. */
export function logEntryFields(entries: ReadonlyArray<Record<string, unknown>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const values of entries) {
    for (const [fieldId, value] of Object.entries(values)) {
      const flat = documentValue(value as TJsonValue);
      if (flat === null || flat === '') continue;
      (out[fieldId] ??= []).push(...(Array.isArray(flat) ? flat : [String(flat)]));
    }
  }
  return out;
}

/** One item as the search backend indexes it: the item, its leading version, its metadata values and its log entries'. */
export function toSearchDocument(
  { item, version }: TItemWithVersion,
  parents: ReadonlyMap<string, string | null>,
  logEntries: ReadonlyArray<Record<string, unknown>> = [],
): SearchDocument {
  const metadata = item.metadata as Record<string, TJsonValue>;
  return {
    id: item.id,
    tenantId: item.tenantId,
    itemType: item.itemType,
    title: item.title,
    description: item.description,
    fileName: version?.fileName ?? null,
    folderIds: folderChain(item.folderId, parents),
    state: version?.transcoding.state ?? null,
    approval: item.approvalStatus,
    createdBy: item.createdBy,
    ownerId: item.ownerId,
    visibleTo: item.visibleTo,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    fields: Object.fromEntries(Object.entries(metadata).map(([fieldId, value]) => [fieldId, documentValue(value)])),
    ...(logEntries.length > 0 ? { logEntryFields: logEntryFields(logEntries) } : {}),
  };
}

export type SearchIndexBackend = Pick<ElasticsearchBackend, 'ensureIndex' | 'index' | 'remove' | 'reindex'>;

/**
 * Keeps the Elasticsearch indexes in step with the database: every few seconds each tenant's items changed since
 * the last pass are indexed (or removed when in the recycle bin or gone). The database stays the record; a process
 * that starts catches up from the beginning, so nothing changed while it was down is missed.
 */
export function createSearchIndexer(deps: {
  repos: Repositories;
  forms: MetadataFormService;
  backend: SearchIndexBackend;
  logger: ServiceLogger;
  intervalMs?: number;
}) {
  const { repos, forms, backend, logger } = deps;
  const watermarks = new Map<string, { updatedAt: Date; id: string }>();
  const mappings = new Map<string, string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function fieldsOf(tenantId: string) {
    return searchFieldsOf((await forms.loadAll(tenantId)).map(({ form }) => form));
  }

  /** The index and its mapping follow the tenant's forms; the mapping is sent again only when they change. */
  async function ensureMapping(tenantId: string) {
    const fields = await fieldsOf(tenantId);
    const signature = JSON.stringify(fields);
    if (mappings.get(tenantId) === signature) return;
    await backend.ensureIndex(tenantId, fields);
    mappings.set(tenantId, signature);
  }

  /** The documents of live items, each with its log entries' values. */
  async function documentsOf(
    tenantId: string,
    rows: readonly TItemWithVersion[],
    parents: ReadonlyMap<string, string | null>,
  ): Promise<SearchDocument[]> {
    const entries = new Map<string, Array<Record<string, unknown>>>();
    const ids = rows.map((row) => row.item.id);
    for (const { itemId, values } of await repos.logEntries.valuesForItems(tenantId, ids)) {
      entries.set(itemId, [...(entries.get(itemId) ?? []), values]);
    }
    return rows.map((row) => toSearchDocument(row, parents, entries.get(row.item.id)));
  }

  async function parentsOf(tenantId: string) {
    return new Map((await repos.folders.listAll(tenantId)).map((f) => [f.id, f.parentId] as const));
  }

  async function syncTenant(tenantId: string): Promise<number> {
    await ensureMapping(tenantId);
    let parents: Map<string, string | null> | null = null;
    let done = 0;
    for (;;) {
      const rows = await repos.items.listChangedSince(tenantId, watermarks.get(tenantId) ?? null, BATCH);
      if (rows.length === 0) return done;
      parents ??= await parentsOf(tenantId);
      const live = rows.filter((row) => row.item.deletedAt === null);
      const binned = rows.filter((row) => row.item.deletedAt !== null).map((row) => row.item.id);
      if (live.length > 0) await backend.index(await documentsOf(tenantId, live, parents));
      if (binned.length > 0) await backend.remove(tenantId, binned);
      const last = rows[rows.length - 1]!.item;
      watermarks.set(tenantId, { updatedAt: last.updatedAt, id: last.id });
      done += rows.length;
      if (rows.length < BATCH) return done;
    }
  }

  async function syncOnce(): Promise<number> {
    let total = 0;
    for (const tenantId of await repos.tenants.listIds()) {
      try {
        total += await syncTenant(tenantId);
      } catch (error) {
        logger.warn({ err: error, tenantId }, 'search index sync failed; retrying on the next pass');
      }
    }
    return total;
  }

  return {
    syncOnce,

    /** A fresh index for one tenant from every live item, swapped in when complete. */
    async reindexTenant(tenantId: string): Promise<{ indexed: number }> {
      const fields = await fieldsOf(tenantId);
      const parents = await parentsOf(tenantId);
      async function* batches() {
        let since: { updatedAt: Date; id: string } | null = null;
        for (;;) {
          const rows = await repos.items.listChangedSince(tenantId, since, BATCH);
          if (rows.length === 0) return;
          const last = rows[rows.length - 1]!.item;
          since = { updatedAt: last.updatedAt, id: last.id };
          yield await documentsOf(
            tenantId,
            rows.filter((row) => row.item.deletedAt === null),
            parents,
          );
          if (rows.length < BATCH) return;
        }
      }
      const result = await backend.reindex(tenantId, fields, batches());
      mappings.set(tenantId, JSON.stringify(fields));
      // Changes made during the reindex went to the old index: the next pass indexes them again.
      watermarks.delete(tenantId);
      return result;
    },

    start() {
      const interval = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
      const tick = () => {
        running = syncOnce()
          .then(() => undefined)
          .catch((error: unknown) => logger.error({ err: error }, 'search index sync failed'))
          .finally(() => {
            running = null;
            if (timer) timer = setTimeout(tick, interval);
          });
      };
      timer = setTimeout(tick, 0);
    },

    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;
