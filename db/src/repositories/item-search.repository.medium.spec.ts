import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  canView,
  fieldValueRows,
  mediaItemTypes,
  wholeValueFieldTypes,
  type Access,
  type Actor,
  type FieldType,
  type TJsonValue,
  viewScope,
} from '@mam/core';
import { createRepositories, spareConnections, type Database, type Repositories } from '@mam/db';
import { createTestDatabase, recordStatements, testBackends, type TestDatabase } from '@mam/db/testing';
import { sql, type SQL } from 'drizzle-orm';
import { searchHalf } from '../schema';
import { itemSearchBindings } from './item-search.repository';
import { textArray } from './sql-values';
import { logEntrySearchBindings } from './log-entry-search';

const pick = (row: object, keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => keys.includes(key)));

const users = {
  owner: randomUUID(),
  member: randomUUID(),
  editor: randomUUID(),
  outsider: randomUUID(),
  admin: randomUUID(),
};

const backfill = readFileSync(path.resolve(__dirname, '../../migrations/0018_item_whole_value_keys.sql'), 'utf8');

const done = { state: 'COMPLETE' as const, error: null, enabled: true, progress: 100, step: null };
const failed = { ...done, state: 'ERROR' as const, error: 'bad media' as string | null };

function actor(userId: string, groupIds: string[], admin = false): Actor {
  return {
    userId,
    tenantId: 'ignored',
    isSuperAdmin: false,
    groupIds,
    orgGroupId: 'org',
    primaryGroupId: null,
    permissions: new Set(admin ? ['tenantAdmin'] : []),
  };
}

describe.each(testBackends)('item search on %s', (backend) => {
  let database: TestDatabase;
  let repos: Repositories;
  let tenant: string;
  let other: string;
  let root: string;
  let sub: string;
  const ids = {} as Record<'goal' | 'song' | 'secret' | 'editors' | 'broken' | 'foreign', string>;

  async function insert(
    tenantId: string,
    title: string,
    values: { description?: string; owner?: string; visibleTo?: Access | null; folderId?: string | null } = {},
    transcoding: typeof failed | typeof done = done,
  ) {
    const { item } = await repos.items.insertWithVersion(
      tenantId,
      {
        title,
        description: values.description ?? '',
        folderId: values.folderId ?? null,
        ownerId: values.owner ?? null,
        createdBy: values.owner ?? null,
        visibleTo: values.visibleTo ?? null,
        itemType: title.includes('song') ? 'audio' : 'video',
      },
      {
        fileName: `${title.replace(/\s+/g, '_')}.mp4`,
        fileSize: 1,
        upload: { state: 'COMPLETE', receivedBytes: 1, totalBytes: 1, error: null },
        transcoding,
      },
    );
    return item.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repos = createRepositories(database.db);
    tenant = (await repos.tenants.insert({ slug: 'alpha', name: 'Alpha', config: {} })).id;
    other = (await repos.tenants.insert({ slug: 'bravo', name: 'Bravo', config: {} })).id;
    root = (await repos.folders.insert(tenant, { name: 'Root', parentId: null, ownerId: null })).id;
    sub = (await repos.folders.insert(tenant, { name: 'Sport', parentId: root, ownerId: null })).id;
    ids.goal = await insert(tenant, 'Late goal in Bergen', { description: 'Header from a corner', folderId: sub });
    ids.song = await insert(tenant, 'Anthem song', { folderId: root });
    ids.secret = await insert(tenant, 'Secret interview', {
      owner: users.owner,
      visibleTo: { level: 'owner', groups: [] },
    });
    ids.editors = await insert(tenant, 'Editors cut', { visibleTo: { level: 'selected_groups', groups: ['editors'] } });
    ids.broken = await insert(tenant, 'Broken upload', {}, failed);
    ids.foreign = await insert(other, 'Late goal in Oslo');
    await repos.items.setMetadata(tenant, ids.goal, { genre: 'Sport', tags: ['football', 'bergen'] }, [
      { fieldId: 'genre', valueText: 'Sport', whole: true },
      { fieldId: 'tags', valueText: 'football', whole: true },
      { fieldId: 'tags', valueText: 'bergen', whole: true },
    ]);
    await repos.items.setMetadata(tenant, ids.song, { genre: 'Music' }, [
      { fieldId: 'genre', valueText: 'Music', whole: true },
    ]);
  });
  afterAll(() => database.dispose());

  type TSearchOptions = Partial<Parameters<Repositories['itemSearch']['search']>[1]>;
  const request = (where: SQL, options: TSearchOptions, forActor: Actor) => ({
    where,
    scope: viewScope(forActor),
    filters: {},
    sort: { by: 'title', direction: 'asc' } as const,
    offset: 0,
    limit: 50,
    facetFields: [],
    ...options,
  });
  const admin = actor(users.admin, ['org'], true);

  async function search(where: SQL, options: TSearchOptions = {}, forActor: Actor = admin) {
    const asked = request(where, options, forActor);
    // Counted in halves where the connections allow (whatever the query: a word query's halves cost more, but count
    // the same).
    const result = await repos.itemSearch.search(tenant, { ...asked, split: 'idOrder' });
    // On a server the page and each half's counts are statements run at once; in a transaction (and embedded) one
    // statement gives them all: the two must agree.
    const inOneStatement = await database.db.transaction((tx) =>
      createRepositories(tx as unknown as Database).itemSearch.search(tenant, asked),
    );
    expect(inOneStatement).toEqual(result);
    // On a server, in relevance or date order, each search half finds its matches by a statement of its own: the
    // same again.
    expect(await repos.itemSearch.search(tenant, { ...asked, split: 'searchHalves' })).toEqual(result);
    // The page comes with its items and leading versions as items.findManyWithVersion reads them, and with the log
    // entries the query matched on them as logEntries.matching finds them.
    const ids = result.page.rows.map((row) => row.item.id);
    const found = await repos.items.findManyWithVersion(tenant, ids);
    const listed = ({ item, version }: (typeof found)[number]) => ({
      item: pick(item, Object.keys(result.page.rows[0]?.item ?? {})),
      version: version && pick(version, Object.keys(result.page.rows.find((row) => row.version)?.version ?? {})),
    });
    expect(result.page.rows).toEqual(ids.map((id) => listed(found.find((row) => row.item.id === id)!)));
    expect(result.page.entryMatches).toEqual(
      asked.entryWhere ? await repos.logEntries.matching(tenant, ids, asked.entryWhere) : [],
    );
    return { ...result, ids, rows: result.page.rows };
  }
  /** The same request's page without counts (the ids of search's page), whole and in search halves. */
  async function pageOnly(where: SQL, options: TSearchOptions = {}, forActor: Actor = admin) {
    const asked = request(where, options, forActor);
    const whole = await repos.itemSearch.page(tenant, asked);
    expect(await repos.itemSearch.page(tenant, { ...asked, split: 'searchHalves' })).toEqual(whole);
    return whole.rows.map((row) => row.item.id);
  }
  const idsOf = (result: Awaited<ReturnType<typeof search>>) => result.rows.map((row) => row.item.id).sort();

  it('runs the page and the counts at once on a server only', async () => {
    expect(spareConnections(database.db) >= 3).toBe(backend === 'postgres');
    await database.db.transaction(async (tx) => expect(spareConnections(tx as unknown as Database)).toBe(0));
  });

  it("gives a search-settings token of the tenant's row and forms, which any change of them changes", async () => {
    const token = await repos.itemSearch.settingsToken(tenant);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(await repos.itemSearch.settingsToken(tenant)).toBe(token);
    const seen = new Set([token]);
    const expectNewToken = async () => {
      const next = await repos.itemSearch.settingsToken(tenant);
      expect(seen.has(next)).toBe(false);
      seen.add(next);
    };
    const form = await repos.metadataForms.insert(tenant, {
      formKey: 'venues',
      label: 'Venues',
      active: true,
      builtIn: null,
      definition: { id: 'venues' },
      createdBy: null,
    });
    await expectNewToken();
    expect(await repos.metadataForms.update(tenant, form!.id, form!.revision, { label: 'Arenas' })).toMatchObject({
      label: 'Arenas',
    });
    await expectNewToken();
    await repos.tenants.updateConfig(tenant, 'Alpha', { defaultSearchFilter: 'all' });
    await expectNewToken();
    // Its settings as they were before: still a token of its own.
    await repos.tenants.updateConfig(tenant, 'Alpha', {});
    await expectNewToken();
    await repos.metadataForms.delete(tenant, form!.id);
    await expectNewToken();
    // Another tenant's changes leave it as it is.
    const before = await repos.itemSearch.settingsToken(tenant);
    await repos.tenants.updateConfig(other, 'Bravo', { defaultSearchFilter: 'all' });
    expect(await repos.itemSearch.settingsToken(tenant)).toBe(before);
    expect(await repos.itemSearch.settingsToken(other)).not.toBe(before);
  });

  it("keeps an item's type to core's media item types, each of which it takes", async () => {
    const version = {
      fileName: 'x.mp4',
      fileSize: 1,
      upload: { state: 'COMPLETE' as const, receivedBytes: 1, totalBytes: 1, error: null },
      transcoding: done,
    };
    const typed = (itemType: string) =>
      repos.items.insertWithVersion(other, { title: `A ${itemType}`, itemType: itemType as never }, version);
    for (const itemType of mediaItemTypes) {
      const { item: inserted } = await typed(itemType);
      expect(inserted.itemType).toBe(itemType);
      await repos.items.hardDelete(other, inserted.id);
    }
    const refused = await typed('playlist').then(
      () => undefined,
      (error: Error) => `${error.message} ${String((error.cause as Error | undefined)?.message)}`,
    );
    expect(refused).toMatch(/item_item_type_known/);
  });

  it('keeps the search document up to date from title, description and metadata values', async () => {
    const words = (query: string) =>
      search(sql`${itemSearchBindings(tenant).vector} @@ to_tsquery('simple', ${query})`);
    expect(idsOf(await words('header'))).toEqual([ids.goal]);
    expect(idsOf(await words('football'))).toEqual([ids.goal]);
    expect(idsOf(await words('late'))).toEqual([ids.goal]);
    await repos.items.setMetadata(tenant, ids.goal, { genre: 'Sport' }, [
      { fieldId: 'genre', valueText: 'Sport', whole: true },
    ]);
    expect(idsOf(await words('football'))).toEqual([]);
    await repos.items.update(tenant, ids.song, { title: 'Anthem song remastered' });
    expect(idsOf(await words('remastered'))).toEqual([ids.song]);
    const infix = await search(sql`${itemSearchBindings(tenant).text} LIKE ${'%nthe%'}`);
    expect(idsOf(infix)).toEqual([ids.song]);
  });

  it('shows each actor exactly the items canView allows, in rows, totals and facets', async () => {
    const everyone = await search(sql`TRUE`);
    const people = [
      actor(users.owner, ['org']),
      actor(users.member, ['org']),
      actor(users.editor, ['org', 'editors']),
      actor(users.outsider, ['contractors']),
      actor(users.admin, ['org'], true),
    ];
    for (const person of people) {
      const visible = everyone.rows
        .filter(({ item }) => canView(person, { ...item, tenantId: undefined }))
        .map(({ item }) => item.id)
        .sort();
      const result = await search(sql`TRUE`, {}, person);
      expect(idsOf(result)).toEqual(visible);
      expect(await pageOnly(sql`TRUE`, {}, person)).toEqual(result.ids);
      expect(result.total).toBe(visible.length);
      expect(result.facets.itemType.reduce((sum, f) => sum + f.count, 0)).toBe(visible.length);
    }
    expect(idsOf(await search(sql`TRUE`, {}, actor(users.outsider, ['contractors'])))).toEqual([]);
  });

  it('names each creator of the creator facet as the console does: the name, else the email, only the tenant’s', async () => {
    const creators = (await repos.tenants.insert({ slug: 'creators', name: 'Creators', config: {} })).id;
    const named = await repos.users.insert(creators, { email: 'named@example.com', name: 'Named Logger' });
    const unnamed = await repos.users.insert(creators, { email: 'unnamed@example.com', name: '' });
    const foreign = await repos.users.insert(other, { email: 'foreign@example.com', name: 'Foreign' });
    const made = [named, unnamed, foreign].map(({ id }) => ({ id, title: `Creatorfacet ${id}` }));
    for (const { id, title } of made) {
      await repos.items.insertWithVersion(
        creators,
        { title, description: '', folderId: null, ownerId: null, createdBy: id, visibleTo: null, itemType: 'video' },
        {
          fileName: 'c.mp4',
          fileSize: 1,
          upload: { state: 'COMPLETE', receivedBytes: 1, totalBytes: 1, error: null },
          transcoding: done,
        },
      );
    }
    const word = sql`${itemSearchBindings(creators).vector} @@ to_tsquery('simple', 'creatorfacet')`;
    const expected = [
      // A user of another tenant is not this tenant's to name: the facet shows the id.
      { value: foreign.id, count: 1, label: foreign.id },
      { value: named.id, count: 1, label: 'Named Logger' },
      { value: unnamed.id, count: 1, label: 'unnamed@example.com' },
    ].sort((x, y) => x.label.localeCompare(y.label));
    // Every way a search may count (one statement, page and counts at once, counts in parts, search halves).
    for (const split of [undefined, 'idOrder', 'searchHalves'] as const) {
      const asked = { ...request(word, { split, sort: { by: 'created', direction: 'desc' } }, admin) };
      const { facets } = await repos.itemSearch.search(creators, asked);
      expect([...facets.createdBy].sort((x, y) => x.label.localeCompare(y.label))).toEqual(expected);
    }
    // The same names for another backend's creator ids (Elasticsearch counts by id alone).
    expect(await repos.itemSearch.creatorLabels(creators, [named.id, unnamed.id, foreign.id])).toEqual(
      new Map([
        [named.id, 'Named Logger'],
        [unnamed.id, 'unnamed@example.com'],
      ]),
    );
  });

  it('never returns another tenant’s items', async () => {
    const oslo = sql`${itemSearchBindings(tenant).vector} @@ to_tsquery('simple', 'oslo')`;
    const result = await search(oslo);
    expect(result.rows).toEqual([]);
    expect(result.total).toBe(0);
    expect(await pageOnly(oslo)).toEqual([]);
  });

  it('filters by type, folder and below, state and field values, and counts facets over the matches', async () => {
    expect(idsOf(await search(sql`TRUE`, { filters: { itemTypes: ['audio'] } }))).toEqual([ids.song]);
    // Every type there is (the Assets filter): no item left out, as no type is tested.
    expect(await search(sql`TRUE`, { filters: { itemTypes: [...mediaItemTypes] } })).toEqual(await search(sql`TRUE`));
    expect(idsOf(await search(sql`TRUE`, { filters: { folderId: root } }))).toEqual([ids.goal, ids.song].sort());
    expect(idsOf(await search(sql`TRUE`, { filters: { folderId: sub } }))).toEqual([ids.goal]);
    expect(idsOf(await search(sql`TRUE`, { filters: { states: ['ERROR'] } }))).toEqual([ids.broken]);
    const music = await search(sql`TRUE`, {
      filters: { fieldValues: [{ fieldId: 'genre', values: ['Music', 'Drama'] }] },
      facetFields: ['genre'],
    });
    expect(idsOf(music)).toEqual([ids.song]);
    const all = await search(sql`TRUE`, { facetFields: ['genre'] });
    expect(all.facets.fields.genre).toEqual(
      expect.arrayContaining([
        { value: 'Sport', count: 1 },
        { value: 'Music', count: 1 },
      ]),
    );
    expect(all.facets.state).toEqual(
      expect.arrayContaining([
        { value: 'COMPLETE', count: 4 },
        { value: 'ERROR', count: 1 },
      ]),
    );
  });

  it('counts a ticked facet without its own ticks (multi-select), every other facet with all ticks', async () => {
    const sport = await search(sql`TRUE`, {
      filters: { fieldValues: [{ fieldId: 'genre', values: ['Sport'] }] },
      facetFields: ['genre', 'tags'],
    });
    expect(idsOf(sport)).toEqual([ids.goal]);
    expect(sport.total).toBe(1);
    // Music keeps its count beside the ticked Sport: ticking it adds its items.
    expect(sport.facets.fields.genre).toEqual([
      { value: 'Music', count: 1 },
      { value: 'Sport', count: 1 },
    ]);
    // Other facets count the ticked items alone, as when the ticks are a plain filter.
    const filtered = await search(sql`TRUE`, {
      filters: { fieldValues: [{ fieldId: 'genre', values: ['Sport'] }] },
      facetFields: ['tags'],
    });
    expect(sport.facets.fields.tags).toEqual(filtered.facets.fields.tags);
    expect(sport.facets.itemType).toEqual([{ value: 'video', count: 1 }]);
    expect(sport.facets.state).toEqual([{ value: 'COMPLETE', count: 1 }]);

    const both = await search(sql`TRUE`, {
      filters: { fieldValues: [{ fieldId: 'genre', values: ['Sport', 'Music'] }] },
      facetFields: ['genre'],
    });
    expect(idsOf(both)).toEqual([ids.goal, ids.song].sort());
    expect(both.facets.itemType).toEqual([
      { value: 'audio', count: 1 },
      { value: 'video', count: 1 },
    ]);

    // Two ticked facets: each counts under the other's ticks alone.
    const crossed = await search(sql`TRUE`, {
      filters: { itemTypes: ['audio'], fieldValues: [{ fieldId: 'genre', values: ['Sport'] }] },
      facetFields: ['genre', 'tags'],
    });
    expect(crossed.ids).toEqual([]);
    expect(crossed.total).toBe(0);
    expect(crossed.facets.itemType).toEqual([{ value: 'video', count: 1 }]);
    expect(crossed.facets.fields.genre).toEqual([{ value: 'Music', count: 1 }]);
    expect(crossed.facets.state).toEqual([]);
    expect(crossed.facets.fields.tags).toEqual([]);

    const broken = await search(sql`TRUE`, { filters: { states: ['ERROR'] } });
    expect(broken.ids).toEqual([ids.broken]);
    expect(broken.facets.state).toEqual([
      { value: 'COMPLETE', count: 4 },
      { value: 'ERROR', count: 1 },
    ]);
    expect(broken.facets.itemType).toEqual([{ value: 'video', count: 1 }]);
    // The 'Assets' scope bounds the item-type facet's own counts; the query still narrows every facet.
    const scoped = await search(sql`TRUE`, {
      filters: { itemTypes: ['video'], itemTypeScope: ['audio', 'video'] },
    });
    expect(scoped.facets.itemType).toEqual([
      { value: 'video', count: 4 },
      { value: 'audio', count: 1 },
    ]);
    const word = await search(sql`${itemSearchBindings(tenant).vector} @@ to_tsquery('simple', 'goal')`, {
      filters: { itemTypes: ['audio'] },
    });
    expect(word.total).toBe(0);
    expect(word.facets.itemType).toEqual([{ value: 'video', count: 1 }]);
  });

  it('filters by a field it does not count as by any other condition: every facet under its ticks', async () => {
    const sport = await search(sql`TRUE`, {
      filters: { fieldValues: [{ fieldId: 'genre', values: ['Sport'] }] },
      facetFields: ['tags'],
    });
    expect(idsOf(sport)).toEqual([ids.goal]);
    expect(sport.facets.state).toEqual([{ value: 'COMPLETE', count: 1 }]);
  });

  it('counts each field facet as the value rows fieldValueRows writes, a value once per item', async () => {
    const types = new Map<string, FieldType>([
      ['choice', 'Choice'],
      ['tree', 'TreeChoice'],
      ['multi', 'MultipleChoice'],
      ['flag', 'Checkbox'],
      ['note', 'Text'],
      ['episode', 'Text'],
    ]);
    const long = 'x'.repeat(600);
    const samples: Array<Record<string, TJsonValue>> = [
      { choice: 'Sport', tree: 'News/Sport', multi: ['a', 'b', 'a'], flag: true, note: 'first' },
      { choice: 'sport', tree: 'News', multi: 'a', flag: false, note: 'second', episode: 7 },
      { choice: '', tree: ' ', multi: ['', 'c', 3, null, ['a'], { a: 1 }], flag: 'true' },
      { choice: 42, tree: 1.5, multi: [], flag: null, episode: 'pilot' },
      { choice: true, tree: { a: 1 }, multi: 7, flag: 1 },
      { choice: long, multi: [long, `${long}y`] },
      { choice: null, tree: null, multi: null },
      {},
    ];
    const facetTenant = (await repos.tenants.insert({ slug: 'facets', name: 'Facets', config: {} })).id;
    for (const [index, metadata] of samples.entries()) {
      const id = await insert(facetTenant, `Facet sample ${index}`);
      // Written twice: the second write replaces the first one's terms.
      await repos.items.setMetadata(facetTenant, id, { choice: 'stale', multi: ['stale'] }, [
        { fieldId: 'choice', valueText: 'stale', whole: true },
      ]);
      await repos.items.setMetadata(facetTenant, id, metadata, fieldValueRows(types, metadata));
    }
    const fields = [...types.keys()];
    const facetsOf = async () =>
      (await repos.itemSearch.search(facetTenant, request(sql`TRUE`, { facetFields: fields }, admin))).facets;
    const facets = await facetsOf();
    const counted = (await database.db.execute(sql`
      SELECT field_id AS field, facet_value AS value, count(DISTINCT item_id)::int AS count
      FROM item_field_value WHERE tenant_id = ${facetTenant} AND facet_value IS NOT NULL
      GROUP BY field_id, facet_value ORDER BY field_id, count(DISTINCT item_id) DESC, facet_value`)) as unknown as {
      rows: Array<{ field: string; value: string; count: number }>;
    };
    // Chosen values are counted as their value rows are; typed text (note, episode) is found by its words, not
    // counted.
    const countedOf = (field: string) =>
      wholeValueFieldTypes.has(types.get(field)!)
        ? counted.rows.filter((row) => row.field === field).map(({ value, count }) => ({ value, count }))
        : [];
    const expected = Object.fromEntries(fields.map((field) => [field, countedOf(field)]));
    expect(facets.fields).toEqual(expected);
    expect(counted.rows.some((row) => row.field === 'episode')).toBe(true);
    expect(facets.fields.multi).toEqual([
      { value: 'a', count: 2 },
      { value: 'b', count: 1 },
      { value: 'c', count: 1 },
      { value: long.slice(0, 500), count: 1 },
    ]);
    expect(facets.fields.episode).toEqual([]);
    expect(facets.fields.choice!.map((facet) => facet.value)).not.toContain('stale');

    // Items written before only chosen values were kept get their terms and keys from their rows and the tenant's
    // forms (migration 0018 does the same): what the writes give.
    await repos.metadataForms.insert(facetTenant, {
      formKey: 'facets',
      label: 'Facets',
      active: true,
      builtIn: null,
      definition: { fields: [...types].map(([fieldId, type]) => ({ fieldId, type })) },
      createdBy: null,
    });
    const keysOf = async () =>
      (
        (await database.db.execute(sql`SELECT id, facet_terms AS terms, field_keys AS keys FROM item
          WHERE tenant_id = ${facetTenant} ORDER BY id`)) as unknown as { rows: unknown[] }
      ).rows;
    const written = await keysOf();
    await database.db.execute(sql`UPDATE item SET facet_terms = ARRAY['note' || chr(31) || 'first'],
      field_keys = '{}' WHERE tenant_id = ${facetTenant}`);
    await database.db.execute(sql.raw(backfill));
    expect(await keysOf()).toEqual(written);
    expect((await facetsOf()).fields).toEqual(expected);

    // A field becoming one of chosen values (its type changed) is keyed from the rows its items already have.
    const rewritten = await repos.items.rekeyWholeValues(
      facetTenant,
      ['choice', 'tree', 'multi', 'flag', 'episode'],
      ['episode'],
    );
    expect(rewritten).toBe(2);
    expect((await facetsOf()).fields.episode).toEqual([
      { value: '7', count: 1 },
      { value: 'pilot', count: 1 },
    ]);
    const pilot = sql`${itemSearchBindings(facetTenant).fieldKeys} @> ARRAY[${'episode\u001fpilot'}]::text[]`;
    expect((await repos.itemSearch.search(facetTenant, request(pilot, {}, admin))).total).toBe(1);
  });

  it('sorts by title, by a field with the items lacking it last, and pages', async () => {
    const titles = (await search(sql`TRUE`, { sort: { by: 'title', direction: 'desc' } })).rows.map(
      (r) => r.item.title,
    );
    expect(titles).toEqual([...titles].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    const byGenre = await search(sql`TRUE`, { sort: { by: 'field', fieldId: 'genre', direction: 'asc' } });
    expect(byGenre.rows.slice(0, 2).map((r) => r.item.id)).toEqual([ids.song, ids.goal]);
    const second = await search(sql`TRUE`, { offset: 1, limit: 2 });
    expect(second.rows).toHaveLength(2);
    expect(second.total).toBe(5);
  });

  it('pages the items found themselves and through their log entries as one list, in every order', async () => {
    const form = (await repos.metadataForms.insert(tenant, {
      formKey: 'pages',
      label: 'Pages',
      definition: { id: 'pages', label: 'Pages', active: true, fields: [] },
    }))!;
    const titled: string[] = [];
    const logged: string[] = [];
    for (let n = 0; n < 6; n++) {
      titled.push(await insert(tenant, `Pagewalk title ${n}`, { description: `z${n}` }));
      const id = await insert(tenant, `Logged clip ${n}`, { description: `y${n}` });
      await repos.logEntries.insert(tenant, { itemId: id, formId: form.id, tcIn: n, values: { note: 'pagewalk' } }, []);
      logged.push(id);
    }
    // Found both ways: one item, counted once.
    const both = await insert(tenant, 'Pagewalk logged too', { description: 'x' });
    await repos.logEntries.insert(tenant, { itemId: both, formId: form.id, tcIn: 9, values: { note: 'pagewalk' } }, []);
    titled.push(both);
    // Some of them in each search half, which a server searches at once and merges.
    const halves = (await database.db.execute(sql`SELECT DISTINCT ${searchHalf(sql`id`)} AS half FROM item
      WHERE id::text = ANY(${textArray([...titled, ...logged])})`)) as unknown as { rows: unknown[] };
    expect(halves.rows).toHaveLength(2);
    const statements = recordStatements(database.db);
    const word = sql`to_tsquery('simple', 'pagewalk')`;
    const where = sql`${itemSearchBindings(tenant).vector} @@ ${word}`;
    const entryWhere = sql`${logEntrySearchBindings(tenant).vector} @@ ${word}`;
    const sorts = [
      { by: 'created', direction: 'desc' },
      { by: 'created', direction: 'asc' },
      { by: 'modified', direction: 'desc' },
      { by: 'title', direction: 'asc' },
      { by: 'relevance', rank: sql`ts_rank(${itemSearchBindings(tenant).vector}, ${word})` },
    ] as const;
    for (const sort of sorts) {
      const whole = await search(where, { entryWhere, sort, limit: 50 });
      expect(whole.total).toBe(13);
      expect(idsOf(whole)).toEqual([...titled, ...logged].sort());
      const pages: string[] = [];
      for (let offset = 0; offset < 13; offset += 5) {
        const page = await search(where, { entryWhere, sort, offset, limit: 5 });
        expect(page.total).toBe(13);
        pages.push(...page.rows.map((row) => row.item.id));
        // A later page alone, counting nothing, is the same page.
        expect(await pageOnly(where, { entryWhere, sort, offset, limit: 5 })).toEqual(page.ids);
      }
      expect(pages).toEqual(whole.rows.map((row) => row.item.id));
    }
    // The halves' statements ran on the server only (embedded, one statement finds every match).
    expect(statements.stop().some((text) => text.includes('get_byte(uuid_send'))).toBe(backend === 'postgres');
    const byTitle = await search(where, { entryWhere, sort: { by: 'title', direction: 'asc' }, limit: 3 });
    expect(byTitle.rows.map((row) => row.item.title)).toEqual(['Logged clip 0', 'Logged clip 1', 'Logged clip 2']);
  });
});
