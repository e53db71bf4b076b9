import { mediaItemTypes } from '@mam/core';
import { testBackends } from '@mam/db/testing';
import {
  createElasticsearchBackend,
  type ElasticsearchBackend,
  type EsPageRequest,
  type EsSearchRequest,
  type SearchDocument,
} from '@mam/search';
import { createSearchIndexer } from '../services/search/search-indexer';
import type { TSearchResult } from '../services/search/search.service';
import {
  addMember,
  insertItem,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

/** Records what the product hands Elasticsearch and answers searches with what the test decides. */
function standInBackend() {
  const documents = new Map<string, SearchDocument>();
  const requests: EsSearchRequest[] = [];
  const pages: EsPageRequest[] = [];
  const ensured: string[] = [];
  let answer: (tenantId: string) => string[] = () => [];
  const backend = {
    ping: async () => true,
    ensureIndex: async (tenantId: string) => void ensured.push(tenantId),
    index: async (docs: readonly SearchDocument[]) => docs.forEach((doc) => documents.set(doc.id, doc)),
    remove: async (_tenantId: string, ids: readonly string[]) => ids.forEach((id) => documents.delete(id)),
    reindex: async (_tenantId: string, _fields: unknown, batches: AsyncIterable<readonly SearchDocument[]>) => {
      let indexed = 0;
      for await (const batch of batches) {
        batch.forEach((doc) => documents.set(doc.id, doc));
        indexed += batch.length;
      }
      return { indexed };
    },
    search: async (tenantId: string, request: EsSearchRequest) => {
      requests.push(request);
      const ids = answer(tenantId);
      return {
        ids,
        total: ids.length,
        facets: { itemType: [{ value: 'video', count: ids.length }], state: [], createdBy: [], fields: {} },
      };
    },
    page: async (tenantId: string, request: EsPageRequest) => {
      pages.push(request);
      return answer(tenantId).slice(0, request.limit);
    },
    drop: async () => undefined,
    close: async () => undefined,
  };
  return {
    backend: backend as unknown as ElasticsearchBackend,
    documents,
    requests,
    pages,
    ensured,
    answerWith: (fn: (tenantId: string) => string[]) => void (answer = fn),
  };
}

describe.each(testBackends)('search through Elasticsearch on %s (wiring, with a stand-in)', (backend) => {
  const es = standInBackend();
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let root: string;
  let member: TMember;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, root } = await twoTenantLibrary(backend, { searchBackend: es.backend }));
    member = await addMember(t, alpha, 'member');
  });
  afterAll(() => t.dispose());

  const indexer = () =>
    createSearchIndexer({
      repos: t.services.deps.repos,
      forms: t.services.metadataForms,
      backend: es.backend,
      logger: t.services.deps.logger,
    });

  it('indexes every change, removes what goes to the recycle bin, and follows processing state', async () => {
    const sync = indexer();
    const clip = await insertItem(t, alpha, { title: 'Harbour fire', folderId: root, ownerId: alpha.admin.id });
    const other = await insertItem(t, bravo, { title: 'Bravo clip', folderId: null, ownerId: null });
    await sync.syncOnce();
    expect(es.ensured).toEqual(expect.arrayContaining([alpha.tenant.id, bravo.tenant.id]));
    expect(es.documents.get(clip.id)).toMatchObject({
      tenantId: alpha.tenant.id,
      title: 'Harbour fire',
      folderIds: [root],
      state: 'COMPLETE',
    });
    expect(es.documents.get(other.id)).toMatchObject({ tenantId: bravo.tenant.id });

    await admin.mutate('items.updateMetadata', { itemId: clip.id, formId: 'common', values: { keywords: ['quay'] } });
    await sync.syncOnce();
    expect(es.documents.get(clip.id)!.fields).toMatchObject({ keywords: ['quay'] });

    const versionId = (await t.services.deps.repos.items.findById(alpha.tenant.id, clip.id))!.leadingVersionId!;
    await t.services.deps.repos.items.updateVersion(alpha.tenant.id, versionId, {
      transcoding: { state: 'ERROR', error: 'bad media', enabled: true, progress: 0, step: null },
    });
    await sync.syncOnce();
    expect(es.documents.get(clip.id)).toMatchObject({ state: 'ERROR' });

    await admin.mutate('items.delete', { itemIds: [clip.id] });
    await sync.syncOnce();
    expect(es.documents.has(clip.id)).toBe(false);

    // A process that starts anew catches up from the database.
    es.documents.clear();
    await indexer().syncOnce();
    expect(es.documents.has(other.id)).toBe(true);
    expect(es.documents.has(clip.id)).toBe(false);
  });

  it("asks Elasticsearch with the actor's visibility and reads the hits from the database", async () => {
    const a = await insertItem(t, alpha, { title: 'First hit', folderId: root, ownerId: alpha.admin.id });
    const b = await insertItem(t, alpha, { title: 'Second hit', folderId: root, ownerId: alpha.admin.id });
    const foreign = await insertItem(t, bravo, { title: 'Foreign', folderId: null, ownerId: null });
    // The index answers in its own order, and with an id the database no longer has or that is another tenant's.
    es.answerWith(() => [b.id, '00000000-0000-4000-8000-000000000000', foreign.id, a.id]);
    const result = await member.client.query<TSearchResult>('search.items', { q: 'hit OR title:first', limit: 10 });
    expect(result.ok && result.data.hits.map((hit) => hit.title)).toEqual(['Second hit', 'First hit']);
    const request = es.requests[es.requests.length - 1]!;
    expect(request.scope).toMatchObject({ kind: 'restricted', userId: member.id, orgMember: true });
    expect(request.ast).toMatchObject({ kind: 'or' });
    expect(request.filters.itemTypeScope).toEqual([...mediaItemTypes]);
  });

  it('asks a later page alone of Elasticsearch, one more than the page to know whether another follows', async () => {
    const ids: string[] = [];
    for (const title of ['Page one', 'Page two', 'Page three']) {
      ids.push((await insertItem(t, alpha, { title, folderId: root, ownerId: alpha.admin.id })).id);
    }
    es.answerWith(() => ids);
    const counted = es.requests.length;
    const later = await member.client.query<TSearchResult>('search.items', { q: 'page', limit: 2, cursor: '2' });
    expect(later.ok && later.data).toMatchObject({ total: null, facets: null, nextCursor: '4' });
    expect(later.ok && later.data.hits.map((hit) => hit.title)).toEqual(['Page one', 'Page two']);
    expect(es.requests).toHaveLength(counted);
    expect(es.pages[es.pages.length - 1]).toMatchObject({ offset: 2, limit: 3, scope: { userId: member.id } });
    expect(es.pages[es.pages.length - 1]).not.toHaveProperty('facetFields');
  });

  it('rebuilds a tenant from the database for the reindex command', async () => {
    es.documents.clear();
    const { indexed } = await indexer().reindexTenant(alpha.tenant.id);
    const live = (await t.services.deps.repos.items.list(alpha.tenant.id, { deleted: false, limit: 1000 })).length;
    expect(indexed).toBe(live);
    expect([...es.documents.values()].every((doc) => doc.tenantId === alpha.tenant.id)).toBe(true);
  });
});

const elasticsearchUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';

describe('search through a real Elasticsearch', () => {
  let reachable = false;
  let reason = '';
  let es: ElasticsearchBackend;

  beforeAll(async () => {
    es = createElasticsearchBackend({ node: elasticsearchUrl, indexPrefix: `mam-spec-${Date.now()}` });
    try {
      reachable = await es.ping(2000);
      if (!reachable) reason = 'no answer to ping';
    } catch (error) {
      reason = (error as Error).message;
    }
    if (!reachable) console.warn(`Elasticsearch search suite skipped: no server at ${elasticsearchUrl} (${reason})`);
  });
  afterAll(() => es.close());

  it('finds what the database indexed, within the actor’s visibility (or is skipped with the reason)', async () => {
    if (!reachable) return;
    const { t, alpha, admin, root } = await twoTenantLibrary('pglite', { searchBackend: es });
    try {
      const member = await addMember(t, alpha, 'member');
      const open = await insertItem(t, alpha, { title: 'Harbour fire', folderId: root, ownerId: alpha.admin.id });
      await insertItem(t, alpha, {
        title: 'Harbour secret',
        folderId: root,
        ownerId: alpha.admin.id,
        visibleTo: { level: 'owner', groups: [] },
      });
      await createSearchIndexer({
        repos: t.services.deps.repos,
        forms: t.services.metadataForms,
        backend: {
          ...es,
          index: (docs) => es.index(docs, { refresh: true }),
          remove: (id, ids) => es.remove(id, ids, { refresh: true }),
        },
        logger: t.services.deps.logger,
      }).syncOnce();
      const all = await admin.query<TSearchResult>('search.items', { q: 'harbour' });
      expect(all.ok && all.data.total).toBe(2);
      const mine = await member.client.query<TSearchResult>('search.items', { q: 'harb*' });
      expect(mine.ok && mine.data.hits.map((hit) => hit.id)).toEqual([open.id]);
      await es.drop(alpha.tenant.id);
    } finally {
      await t.dispose();
    }
  });
});
