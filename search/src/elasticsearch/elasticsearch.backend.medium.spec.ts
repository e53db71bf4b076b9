import { Client } from '@elastic/elasticsearch';
import { randomBytes } from 'node:crypto';
import { parseQuery } from '../query.parser';
import { form } from '../testing/ast.builders';
import { allIds, except, suiteFields, suiteItems, suiteQueries, type SuiteItem } from '../testing/query-suite';
import { createElasticsearchBackend } from './elasticsearch.backend';
import { indexedItem, type SearchDocument } from './elasticsearch.document';
import type { EsSearchRequest } from './elasticsearch.request';
import { elasticsearchTestUrl, probeElasticsearch } from './testing/elasticsearch.probe';

const url = elasticsearchTestUrl();
const probe = probeElasticsearch(url);
// Straight to stderr: jest drops console output of a test file whose tests were all skipped.
if (!probe.reachable) process.stderr.write(`Elasticsearch suite skipped: no server at ${url} (${probe.reason})\n`);
const describeWithServer = probe.reachable ? describe : describe.skip;

/** Ids shaped like the product's UUIDs, whose text order is their number's. */
const docId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const numberOf = (id: string) => Number(id.slice(-12));

/** Owners and visibility of some suite items; the rest have no owner and the default (tenant) visibility. */
const access: Record<number, Pick<SearchDocument, 'ownerId' | 'visibleTo'>> = {
  2: { ownerId: 'u-alice', visibleTo: { level: 'owner', groups: [] } },
  3: { ownerId: 'u-bob', visibleTo: { level: 'selected_groups', groups: ['g-news'] } },
  4: { ownerId: null, visibleTo: { level: 'selected_groups', groups: ['g-sport', 'g-news'] } },
  5: { ownerId: null, visibleTo: { level: 'tenant', groups: [] } },
};

function suiteDocument(item: SuiteItem, tenantId: string): SearchDocument {
  return {
    id: docId(item.id),
    tenantId,
    itemType: item.type,
    title: item.title,
    description: item.description ?? '',
    fileName: item.filename,
    folderIds: item.genre?.includes('Sport') ? ['f-root', 'f-sport'] : ['f-root'],
    state: item.state,
    createdBy: item.id <= 10 ? 'u-alice' : 'u-bob',
    ownerId: access[item.id]?.ownerId ?? null,
    visibleTo: access[item.id]?.visibleTo ?? null,
    createdAt: item.created,
    // One day after creation, as the PostgreSQL suite has it.
    updatedAt: new Date(new Date(item.created).getTime() + 86_400_000).toISOString(),
    fields: {
      genre: item.genre ?? null,
      notes: item.notes ?? null,
      episode: item.episode ?? null,
      approved: item.approved ?? null,
    },
  };
}

function request(text: string, overrides: Partial<EsSearchRequest> = {}): EsSearchRequest {
  return {
    ast: parseQuery(text, { fields: suiteFields }).ast,
    scope: { kind: 'all' },
    filters: {},
    sort: { by: 'created', direction: 'desc' },
    offset: 0,
    limit: 100,
    facetFields: [],
    ...overrides,
  };
}

describeWithServer(`Elasticsearch backend at ${url}`, () => {
  const client = new Client({ node: url });
  const prefix = `mam-spec-${randomBytes(4).toString('hex')}`;
  const backend = createElasticsearchBackend({ node: url, indexPrefix: prefix, client });
  const [tenantA, tenantB, tenantC] = ['tenant-a', 'tenant-b', 'tenant-c'];

  /** Ids (as suite numbers) of a search, in the order Elasticsearch returned them. */
  async function ordered(tenantId: string, text: string, overrides: Partial<EsSearchRequest> = {}) {
    const result = await backend.search(tenantId, request(text, overrides));
    return { ids: result.ids.map(numberOf), total: result.total, facets: result.facets };
  }
  async function found(tenantId: string, text: string, overrides: Partial<EsSearchRequest> = {}) {
    const { ids, total } = await ordered(tenantId, text, overrides);
    expect(total).toBe(ids.length);
    return [...ids].sort((a, b) => a - b);
  }

  beforeAll(async () => {
    expect(await backend.ping()).toBe(true);
    for (const tenantId of [tenantA, tenantB, tenantC]) await backend.ensureIndex(tenantId, suiteFields);
    await backend.index(
      suiteItems.map((item) => suiteDocument(item, tenantA)),
      { refresh: true },
    );
    await backend.index(
      [{ ...suiteDocument(suiteItems[0]!, tenantB), id: docId(101), title: 'Goal line technology' }],
      { refresh: true },
    );
  }, 60_000);

  afterAll(async () => {
    for (const tenantId of [tenantA, tenantB, tenantC]) await backend.drop(tenantId).catch(() => undefined);
    await client.close();
  });

  describe('the query suite', () => {
    it.each(suiteQueries)('%j finds %j', async (text, expected) => {
      expect(await found(tenantA, text)).toEqual(expected);
    });
  });

  describe('visibility', () => {
    it.each([
      ['an organisation member', { userId: 'u-carol', orgMember: true, groupIds: [] }, except(2, 3, 4)],
      ['the owner of an owner-only item', { userId: 'u-alice', orgMember: true, groupIds: [] }, except(3, 4)],
      ['a member of a listed group only', { userId: 'u-carol', orgMember: false, groupIds: ['g-news'] }, [3, 4]],
      ['the owner outside every group', { userId: 'u-bob', orgMember: false, groupIds: [] }, [3]],
      [
        'a member of the other listed group',
        { userId: 'u-dave', orgMember: true, groupIds: ['g-sport'] },
        except(2, 3),
      ],
    ] as const)('shows %s what canView shows', async (_who, scope, expected) => {
      expect(
        await found(tenantA, '', { scope: { kind: 'restricted', ...scope, groupIds: [...scope.groupIds] } }),
      ).toEqual(expected);
    });

    it('shows everything to a scope that sees all, and counts facets over the visible matches only', async () => {
      expect(await found(tenantA, '')).toEqual(allIds);
      const { total, facets } = await ordered(tenantA, 'type:video', {
        scope: { kind: 'restricted', userId: 'u-alice', orgMember: true, groupIds: [] },
      });
      expect(total).toBe(10);
      expect(facets.itemType).toEqual([{ value: 'video', count: 10 }]);
    });
  });

  describe('filters', () => {
    it.each([
      ['itemTypes', { itemTypes: ['audio'] }, [6, 11, 18]],
      ['states', { states: ['ERROR'] }, [7, 20]],
      ['folderId (with subfolders)', { folderId: 'f-sport' }, [1, 2, 12, 14, 16, 19]],
      ['createdBy', { createdBy: ['u-bob'] }, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
      [
        'createdFrom and createdTo, both inclusive',
        { createdFrom: new Date('2024-01-01T00:00:00Z'), createdTo: new Date('2024-05-19T09:00:00Z') },
        [1, 2, 10, 14, 15, 19],
      ],
      [
        'fieldValues, alternatives',
        { fieldValues: [{ fieldId: 'genre', values: ['News', 'Music'] }] },
        [3, 6, 11, 15, 18],
      ],
      ['fieldValues, exact case', { fieldValues: [{ fieldId: 'genre', values: ['news'] }] }, []],
      ['fieldValues of a checkbox', { fieldValues: [{ fieldId: 'approved', values: ['true'] }] }, [1]],
      ['fieldValues without values', { fieldValues: [{ fieldId: 'genre', values: [] }] }, []],
    ] as const)('filters by %s', async (_name, filters, expected) => {
      expect(await found(tenantA, '', { filters: filters as EsSearchRequest['filters'] })).toEqual(expected);
    });
  });

  it('counts facets over the matches, most frequent first', async () => {
    const { facets } = await ordered(tenantA, 'genre:sport', { facetFields: ['genre', 'approved'] });
    expect(facets).toEqual({
      itemType: [
        { value: 'video', count: 5 },
        { value: 'file', count: 1 },
      ],
      state: [{ value: 'COMPLETE', count: 6 }],
      createdBy: [
        { value: 'u-bob', count: 4 },
        { value: 'u-alice', count: 2 },
      ],
      fields: {
        genre: [
          { value: 'Sport', count: 6 },
          { value: 'Nature', count: 1 },
          { value: 'Training', count: 1 },
        ],
        approved: [
          { value: 'false', count: 1 },
          { value: 'true', count: 1 },
        ],
      },
    });
  });

  describe('sorts', () => {
    const byCreated = [...suiteItems].sort((a, b) => a.created.localeCompare(b.created)).map((item) => item.id);

    it.each([
      [{ by: 'created', direction: 'asc' }, byCreated],
      [{ by: 'modified', direction: 'desc' }, [...byCreated].reverse()],
      // Relevance of the empty query ties everywhere: the newest first.
      [{ by: 'relevance' }, [...byCreated].reverse()],
      [{ by: 'title', direction: 'asc' }, [13, 20, 9, 10, 1, 3, 2, 19, 18, 4, 5, 6, 14, 11, 12, 16, 8, 7, 17, 15]],
      // Numbers in order, items without the field last, ties by id descending.
      [
        { by: 'field', fieldId: 'episode', direction: 'asc' },
        [3, 15, 9, 19, 6, 11, 16, 1, 20, 18, 17, 14, 13, 12, 10, 8, 7, 5, 4, 2],
      ],
      [
        { by: 'field', fieldId: 'episode', direction: 'desc' },
        [1, 16, 11, 6, 19, 9, 15, 3, 20, 18, 17, 14, 13, 12, 10, 8, 7, 5, 4, 2],
      ],
      // A multiple choice sorts by its first value ascending (lower-cased).
      [
        { by: 'field', fieldId: 'genre', direction: 'asc' },
        [18, 11, 12, 9, 4, 15, 6, 3, 19, 16, 14, 2, 1, 20, 17, 13, 10, 8, 7, 5],
      ],
    ] as const)('sorts by %j', async (sort, expected) => {
      expect((await ordered(tenantA, '', { sort: sort as EsSearchRequest['sort'] })).ids).toEqual(expected);
    });

    it('pages with offset and limit over the total', async () => {
      const page = await ordered(tenantA, '', { offset: 5, limit: 5, sort: { by: 'created', direction: 'asc' } });
      expect(page.ids).toEqual(byCreated.slice(5, 10));
      expect(page.total).toBe(20);
    });
  });

  describe('tenant isolation', () => {
    it('searches only the tenant’s own index', async () => {
      expect(await found(tenantA, 'goal')).toEqual([1]);
      expect(await found(tenantB, 'goal')).toEqual([101]);
      expect(await found(tenantB, '')).toEqual([101]);
      expect(await found(tenantC, '')).toEqual([]);
    });

    it('drops an item of another tenant even when it sits in the tenant’s index', async () => {
      const stray = { ...suiteDocument(suiteItems[0]!, tenantB), id: docId(102), title: 'Stray report' };
      await client.index({
        index: `${prefix}-${tenantA}`,
        id: stray.id,
        document: indexedItem(stray),
        refresh: 'wait_for',
      });
      const inIndex = await client.count({ index: `${prefix}-${tenantA}`, query: { match: { content: 'stray' } } });
      expect(inIndex.count).toBe(1);
      expect(await found(tenantA, 'stray')).toEqual([]);
    });
  });

  it('maps a new field in place, and removes items', async () => {
    const fields = [...suiteFields, form('mood', 'keyword')];
    await backend.ensureIndex(tenantC, fields);
    const item = { ...suiteDocument(suiteItems[5]!, tenantC), id: docId(103), fields: { mood: 'Calm' } };
    await backend.index([item], { refresh: true });
    const ids = async (text: string) =>
      (await backend.search(tenantC, { ...request(''), ast: parseQuery(text, { fields }).ast })).ids.map(numberOf);
    expect(await ids('mood:calm')).toEqual([103]);
    expect(await ids('calm')).toEqual([103]);
    await backend.remove(tenantC, [docId(103), docId(999)], { refresh: true });
    expect(await ids('calm')).toEqual([]);
  });

  it('reindexes into a new generation and moves the alias to it', async () => {
    const alias = `${prefix}-${tenantA}`;
    const docs = suiteItems.map((item) => suiteDocument(item, tenantA));
    async function* batches() {
      for (let start = 0; start < docs.length; start += 7) yield docs.slice(start, start + 7);
    }
    expect(await backend.reindex(tenantA, suiteFields, batches())).toEqual({ indexed: 20 });
    expect(Object.keys(await client.indices.getAlias({ name: alias }))).toEqual([`${alias}.v2`]);
    expect(await client.indices.exists({ index: `${alias}.v1` })).toBe(false);
    // The stray item lived only in the old index.
    expect(await found(tenantA, '')).toEqual(allIds);
    expect(await found(tenantA, 'goal*')).toEqual([1, 2, 19]);
  });
});
