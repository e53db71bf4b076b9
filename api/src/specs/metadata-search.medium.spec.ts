import { recordStatements, testBackends } from '@mam/db/testing';
import type { TMetadataFormView } from '../services/metadata/metadata-form.service';
import type { TItemMetadataView } from '../services/metadata/item-metadata.service';
import type { TSearchResult } from '../services/search/search.service';
import {
  addMember,
  adminActor,
  adminApiKey,
  insertItem,
  rest,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const sportForm = {
  id: 'sport',
  label: 'Sport logging',
  active: true,
  views: { item: [], search: [] },
  fields: [
    { id: 'f1', fieldId: 'headline', label: 'Headline', type: 'Text', required: true },
    {
      id: 'f2',
      fieldId: 'genre',
      label: 'Genre',
      type: 'Choice',
      sortable: true,
      alternatives: [
        { value: 'football', label: 'Football' },
        { value: 'handball', label: 'Handball' },
      ],
    },
    { id: 'f3', fieldId: 'tags', label: 'Tags', type: 'MultipleChoice', freeEntry: true },
    { id: 'f4', fieldId: 'approved', label: 'Approved', type: 'Checkbox' },
    { id: 'f5', fieldId: 'airDate', label: 'Air date', type: 'Date' },
  ],
};

describe.each(testBackends)('metadata forms and search on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let logger: TMember;
  let sport: TMetadataFormView;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    logger = await addMember(t, alpha, 'logger', { bulkMetadataUpdate: true });
    const created = await admin.mutate<TMetadataFormView>('metadataForms.create', { form: sportForm });
    if (!created.ok) throw new Error(JSON.stringify(created));
    sport = created.data;
  });
  afterAll(() => t.dispose());

  const item = (title: string, values: Partial<Parameters<typeof insertItem>[2]> = {}) =>
    insertItem(t, alpha, { title, folderId: root, ownerId: alpha.admin.id, ...values });

  async function search(client: TrpcClient, q: string, extra: object = {}) {
    const result = await client.query<TSearchResult>('search.items', { q, ...extra });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.data;
  }
  const titles = (result: TSearchResult) => result.hits.map((hit) => hit.title).sort();

  describe('form administration', () => {
    it('seeds the built-in forms and keeps the common and folder default forms', async () => {
      const forms = await admin.query<TMetadataFormView[]>('metadataForms.list');
      expect(
        forms.ok &&
          forms.data
            .map((f) => f.form.builtIn)
            .filter(Boolean)
            .sort(),
      ).toEqual(['common', 'detectedText', 'folderDefault', 'qualityControl', 'restrictedMaterial'].sort());
      const common = forms.ok ? forms.data.find((f) => f.form.builtIn === 'common')! : undefined;
      expect(await admin.mutate('metadataForms.delete', { id: common!.id })).toMatchObject({
        code: 'FORM_BUILT_IN_DELETE',
        message: 'The common, folder default, detected text and restricted material forms cannot be deleted.',
      });
      expect(await admin.mutate('metadataForms.setActive', { id: common!.id, active: false })).toMatchObject({
        code: 'FORM_BUILT_IN_DEACTIVATE',
      });
    });

    it('refuses forms that break the rules of section 5, naming the field', async () => {
      const refused = await admin.mutate('metadataForms.create', {
        form: {
          ...sportForm,
          id: 'other',
          label: 'Other',
          fields: [{ id: 'b', fieldId: 'go', label: 'Go', type: 'Button', required: true }],
        },
      });
      expect(refused).toMatchObject({ ok: false, code: 'FIELD_BUTTON_FLAGS' });
      expect(JSON.stringify(refused)).toContain('fields.0.required');
      expect(
        await admin.mutate('metadataForms.create', { form: { ...sportForm, id: 'x', label: 'Bad. label' } }),
      ).toMatchObject({ code: 'FORM_LABEL_INVALID', message: 'A label may not contain a period or quotes.' });
      expect(
        await admin.mutate('metadataForms.create', { form: { ...sportForm, id: 'copy', label: 'sport LOGGING' } }),
      ).toMatchObject({ code: 'FORM_NAME_TAKEN' });
      expect(
        await logger.client.mutate('metadataForms.create', { form: { ...sportForm, id: 'y', label: 'Y' } }),
      ).toMatchObject({ status: 403 });
    });

    it('saves over the revision the editor started from only', async () => {
      const renamed = await admin.mutate<TMetadataFormView>('metadataForms.update', {
        id: sport.id,
        revision: sport.revision,
        form: { ...sportForm, label: 'Sport log' },
      });
      expect(renamed).toMatchObject({ ok: true, data: { revision: sport.revision + 1 } });
      expect(
        await admin.mutate('metadataForms.update', { id: sport.id, revision: sport.revision, form: sportForm }),
      ).toMatchObject({ code: 'FORM_CHANGED_ELSEWHERE' });
      if (renamed.ok) sport = renamed.data;
    });
  });

  describe('values', () => {
    it('checks values at entry with the spec messages and stores nothing on a refusal', async () => {
      const clip = await item('Cup final');
      const update = (values: object) =>
        logger.client.mutate<TItemMetadataView>('items.updateMetadata', { itemId: clip.id, formId: 'sport', values });
      const wrongChoice = await update({ headline: 'Late winner', genre: 'curling' });
      expect(wrongChoice).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(wrongChoice)).toContain('Invalid value found - please select a new one.');
      const missing = await update({ genre: 'football' });
      expect(JSON.stringify(missing)).toContain('Value required');
      expect((await t.services.deps.repos.items.findById(alpha.tenant.id, clip.id))!.metadata).toEqual({});
      const saved = await update({
        headline: 'Late winner',
        genre: 'football',
        tags: ['derby'],
        airDate: '2026-05-17',
      });
      expect(saved).toMatchObject({
        ok: true,
        data: { values: { headline: 'Late winner', genre: 'football', tags: ['derby'], airDate: '2026-05-17' } },
      });
      // What the system knows shows through the technical fields but is never stored as entered metadata.
      const shown = await logger.client.query<TItemMetadataView>('items.metadata', { itemId: clip.id });
      expect(shown.ok && shown.data.values).toMatchObject({
        title: 'Cup final',
        itemType: 'video',
        originalFileName: 'Cup final.mp4',
      });
      const stored = (await t.services.deps.repos.items.findById(alpha.tenant.id, clip.id))!.metadata;
      expect(stored).toEqual({
        headline: 'Late winner',
        genre: 'football',
        tags: ['derby'],
        airDate: '2026-05-17',
        approved: false,
      });
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      const values = [
        [
          'Derby highlights',
          { headline: 'Derby in Bergen', genre: 'football', tags: ['derby'], airDate: '2026-04-02' },
        ],
        ['Handball semifinal', { headline: 'Semifinal drama', genre: 'handball', airDate: '2026-06-10' }],
        ['Press conference', { headline: 'Coach interview', genre: 'football', approved: true }],
      ] as const;
      for (const [title, metadata] of values) {
        const created = await item(title);
        const saved = await admin.mutate('items.updateMetadata', {
          itemId: created.id,
          formId: sport.id,
          values: metadata,
        });
        if (!saved.ok) throw new Error(JSON.stringify(saved));
      }
      await item('Secret board meeting', { ownerId: alpha.admin.id, visibleTo: { level: 'owner', groups: [] } });
    });

    it('finds by a word of a field value, field:value, a wildcard and operators', async () => {
      expect(titles(await search(admin, 'bergen'))).toEqual(['Derby highlights']);
      expect(titles(await search(admin, 'genre:handball'))).toEqual(['Handball semifinal']);
      expect(titles(await search(admin, 'headline:interview'))).toEqual(['Press conference']);
      expect(titles(await search(admin, 'semi*'))).toEqual(['Handball semifinal']);
      expect(titles(await search(admin, '*nterv*'))).toEqual(['Press conference']);
      expect(titles(await search(admin, 'genre:football AND NOT bergen'))).toEqual(['Cup final', 'Press conference']);
      expect(titles(await search(admin, '(handball OR coach) -drama'))).toEqual(['Press conference']);
      expect(titles(await search(admin, 'airDate:[2026-05-01 TO 2026-12-31]'))).toEqual([
        'Cup final',
        'Handball semifinal',
      ]);
      expect(titles(await search(admin, 'approved:true'))).toEqual(['Press conference']);
    });

    it('warns about wildcards mixed with operators and still searches', async () => {
      const mixed = await search(admin, 'semi* OR coach');
      expect(titles(mixed)).toEqual(['Handball semifinal', 'Press conference']);
      expect(mixed.warnings).toEqual([expect.objectContaining({ code: 'WILDCARDS_WITH_OPERATORS' })]);
    });

    it('answers a query it cannot parse with the position and a reason, not a failure', async () => {
      const broken = await admin.query('search.items', { q: 'genre:(football' });
      expect(broken).toMatchObject({ ok: false, status: 400, code: 'SEARCH_QUERY_INVALID' });
      expect(JSON.stringify(broken)).toMatch(/at character \d+/);
    });

    it('plans from the settings it keeps and sees a change made elsewhere at the next search', async () => {
      const venues = {
        id: 'venues',
        label: 'Venues',
        active: true,
        views: { item: [], search: [] },
        fields: [{ id: 'v1', fieldId: 'venue', label: 'Venue', type: 'Choice', alternatives: [] }],
      };
      const repos = t.services.deps.repos;
      expect(titles(await search(admin, 'genre:handball'))).toEqual(['Handball semifinal']);
      if (backend === 'postgres') {
        // Its settings kept, the next search reads neither the tenant nor its forms: only their token, beside its own
        // statements (through the service: a request's sign-in reads of session, user, tenant and groups are not
        // the search's).
        const actor = await adminActor(t, alpha);
        const statements = recordStatements(t.database.db);
        let texts: string[];
        try {
          const found = await t.services.search.search(actor, { q: 'genre:handball', limit: 50 });
          expect(found.hits.map((hit) => hit.title)).toEqual(['Handball semifinal']);
        } finally {
          texts = statements.stop();
        }
        expect(texts.length).toBeGreaterThan(0);
        // Its own statements and the settings token beside them.
        expect(texts.filter((text) => !text.trimStart().startsWith('WITH') && !text.includes('md5('))).toEqual([]);
      }
      // A form written by another process (straight to the database, past this process's services): the kept
      // settings do not know venue, the token shows them changed, and the search plans again.
      const row = await repos.metadataForms.insert(alpha.tenant.id, {
        formKey: venues.id,
        label: venues.label,
        active: true,
        builtIn: null,
        definition: venues,
        createdBy: null,
      });
      expect(titles(await search(admin, 'venue:bergen'))).toEqual([]);
      expect(titles(await search(admin, 'venue:bergen OR genre:handball'))).toEqual(['Handball semifinal']);
      // Deleted the same way: venue is unknown again, although the kept settings had it.
      await repos.metadataForms.delete(alpha.tenant.id, row!.id);
      const unknown = await admin.query('search.items', { q: 'venue:bergen' });
      expect(unknown).toMatchObject({ ok: false, status: 400, code: 'SEARCH_QUERY_INVALID' });
      expect(titles(await search(admin, 'genre:handball'))).toEqual(['Handball semifinal']);
    });

    it('counts facets and sorts by a sortable field', async () => {
      const all = await search(admin, 'genre:*', { facetFields: ['genre'] });
      expect(all.facets.fields.genre).toEqual(
        expect.arrayContaining([
          { value: 'football', count: 3 },
          { value: 'handball', count: 1 },
        ]),
      );
      const sorted = await search(admin, 'genre:*', { sort: { by: 'field', fieldId: 'genre', direction: 'desc' } });
      expect(sorted.hits[0]!.title).toBe('Handball semifinal');
    });

    it('never lets a user see, count or facet items they may not view', async () => {
      expect(titles(await search(admin, 'board'))).toEqual(['Secret board meeting']);
      const hidden = await search(logger.client, 'board');
      expect(hidden.hits).toEqual([]);
      expect(hidden.total).toBe(0);
      const everything = await search(logger.client, '');
      expect(everything.facets.itemType.reduce((sum, f) => sum + f.count, 0)).toBe(everything.total);
      expect(titles(everything)).not.toContain('Secret board meeting');
    });

    it('counts on the first page only: later pages, and lists that ask for no counts, carry hits alone', async () => {
      const whole = await search(admin, '', { typeFilter: 'all', sort: { by: 'title', direction: 'asc' } });
      expect(whole.total).toBeGreaterThan(3);
      const pages: string[] = [];
      let cursor: string | undefined;
      let first = true;
      do {
        const page = await search(admin, '', {
          typeFilter: 'all',
          sort: { by: 'title', direction: 'asc' },
          limit: 2,
          cursor,
        });
        // The first page counts; a later one does not, and still knows whether another follows.
        expect(page.total).toBe(first ? whole.total : null);
        expect(page.facets === null).toBe(!first);
        pages.push(...page.hits.map((hit) => hit.title));
        cursor = page.nextCursor ?? undefined;
        first = false;
      } while (cursor);
      expect(pages).toEqual(whole.hits.map((hit) => hit.title));

      const picker = await search(logger.client, 'board OR derby', { counts: false });
      expect(picker).toMatchObject({ total: null, facets: null, nextCursor: null });
      expect(titles(picker)).toEqual(titles(await search(logger.client, 'board OR derby')));
      expect(titles(picker)).toContain('Derby highlights');
      expect(titles(picker)).not.toContain('Secret board meeting');
    });

    it('searches over REST with the same language', async () => {
      const key = await adminApiKey(t, alpha);
      const found = await rest(t, key, 'GET', `/search?q=${encodeURIComponent('genre:handball')}&itemType=video`);
      expect(found).toMatchObject({ status: 200, body: { total: 1, hits: [{ title: 'Handball semifinal' }] } });
      expect(await rest(t, key, 'GET', `/search?q=${encodeURIComponent('"unclosed')}`)).toMatchObject({
        status: 400,
        body: { code: 'SEARCH_QUERY_INVALID' },
      });
    });
  });

  describe('form rules', () => {
    it('offers a form only on the items its rule matches, and refuses a rule that does not parse', async () => {
      const created = await admin.mutate<TMetadataFormView>('metadataForms.create', {
        form: {
          id: 'audioOnly',
          label: 'Audio only',
          active: true,
          rule: 'type:audio',
          views: { item: [] },
          fields: [{ id: 'a', fieldId: 'mood', label: 'Mood', type: 'Text' }],
        },
      });
      expect(created).toMatchObject({ ok: true });
      const video = await item('Rule video');
      const shown = await admin.query<TItemMetadataView>('items.metadata', { itemId: video.id });
      expect(shown.ok && shown.data.forms.map((f) => f.form.id)).not.toContain('audioOnly');
      expect(
        await admin.mutate('items.updateMetadata', { itemId: video.id, formId: 'audioOnly', values: { mood: 'calm' } }),
      ).toMatchObject({ code: 'NOT_FOUND' });
      await t.services.deps.repos.items.update(alpha.tenant.id, video.id, { itemType: 'audio' });
      const now = await admin.query<TItemMetadataView>('items.metadata', { itemId: video.id });
      expect(now.ok && now.data.forms.map((f) => f.form.id)).toContain('audioOnly');
      const refused = await admin.mutate('metadataForms.create', {
        form: { id: 'broken', label: 'Broken', active: true, rule: 'type:(audio', views: { item: [] } },
      });
      expect(refused).toMatchObject({ code: 'SEARCH_QUERY_INVALID' });
      expect(JSON.stringify(refused)).toContain('"path":"rule"');
    });
  });

  describe('CSV and XMP', () => {
    it('exports CSV and imports it back line by line, reporting each line it could not take', async () => {
      const key = await adminApiKey(t, alpha);
      const first = await item('Export one');
      const second = await item('Export two');
      const hidden = await item('Export hidden', { visibleTo: { level: 'owner', groups: [] } });
      await admin.mutate('items.updateMetadata', {
        itemId: first.id,
        formId: 'sport',
        values: { headline: 'First, "quoted"', genre: 'football', tags: ['a', 'b'] },
      });
      const exported = await rest(t, key, 'POST', '/metadata/export.csv', { form: 'sport', itemIds: [first.id] });
      expect(exported.status).toBe(200);
      const csv = exported.text;
      expect(csv.split('\r\n')[0]).toBe('id,headline,genre,tags,approved,airDate');
      expect(csv).toContain(`${first.id},"First, ""quoted""",football,a; b,false,`);
      const lines = [
        'id,headline,genre,tags',
        `${first.id},Changed,handball,a; c`,
        `${second.id},Second,curling,`,
        `${hidden.id},Hidden,football,`,
        'not-an-id,x,football,',
      ].join('\n');
      const imported = await logger.client.mutate<{ results: Array<{ line: number; ok: boolean; code?: string }> }>(
        'items.importMetadataCsv',
        { formId: 'sport', csv: lines },
      );
      expect(imported).toMatchObject({
        ok: true,
        data: {
          results: [
            { line: 2, ok: true },
            { line: 3, ok: false, code: 'VALIDATION_FAILED' },
            { line: 4, ok: false, code: 'NOT_FOUND' },
            { line: 5, ok: false, code: 'NOT_FOUND' },
          ],
        },
      });
      const after = await admin.query<TItemMetadataView>('items.metadata', { itemId: first.id });
      expect(after.ok && after.data.values).toMatchObject({ headline: 'Changed', genre: 'handball', tags: ['a', 'c'] });
      expect(
        await logger.client.mutate('items.importMetadataCsv', { formId: 'sport', csv: 'id,nonsense\nx,y' }),
      ).toMatchObject({ code: 'METADATA_IMPORT_INVALID' });
    });

    it('writes an XMP sidecar that another item takes in', async () => {
      const key = await adminApiKey(t, alpha);
      const source = await item('Sidecar source');
      const target = await item('Sidecar target');
      await admin.mutate('items.updateMetadata', {
        itemId: source.id,
        formId: 'sport',
        values: { headline: 'From XMP', genre: 'handball', tags: ['x'] },
      });
      const sidecar = await rest(t, key, 'GET', `/items/${source.id}/metadata.xmp`);
      expect(sidecar.status).toBe(200);
      const xmp = sidecar.text;
      expect(xmp).toContain('<dc:title>');
      expect(xmp).toContain('<mam:genre>handball</mam:genre>');
      const taken = await rest(t, key, 'PUT', `/items/${target.id}/metadata.xmp`, { form: 'sport', xmp });
      expect(taken).toMatchObject({ status: 200, body: { ok: true } });
      const after = await admin.query<TItemMetadataView>('items.metadata', { itemId: target.id });
      expect(after.ok && after.data.values).toMatchObject({ headline: 'From XMP', genre: 'handball', tags: ['x'] });
      expect(
        await rest(t, key, 'PUT', `/items/${target.id}/metadata.xmp`, { form: 'sport', xmp: '<nope' }),
      ).toMatchObject({ status: 400, body: { code: 'METADATA_IMPORT_INVALID' } });
      const bravoKey = await adminApiKey(t, bravo);
      expect(await rest(t, bravoKey, 'GET', `/items/${source.id}/metadata.xmp`)).toMatchObject({ status: 404 });
      expect(await rest(t, bravoKey, 'PUT', `/items/${target.id}/metadata.xmp`, { form: 'common', xmp })).toMatchObject(
        { status: 404 },
      );
      expect(
        await rest(t, bravoKey, 'POST', '/metadata/export.csv', { form: 'common', itemIds: [source.id] }),
      ).toMatchObject({ status: 404 });
    });
  });

  describe('usage rules', () => {
    it("shows the rules of the forms an item carries values of, each context's state from its ingest time", async () => {
      const created = await admin.mutate<TMetadataFormView>('metadataForms.create', {
        form: {
          id: 'rights',
          label: 'Rights',
          active: true,
          views: { item: [] },
          fields: [{ id: 'r1', fieldId: 'rightsHolder', label: 'Rights holder', type: 'Text' }],
          usageRules: [
            {
              identifier: { key: 'olympics', label: 'Olympic footage' },
              contexts: [
                {
                  name: 'Broadcast',
                  validity: {
                    from: { offsetFrom: 'forever' },
                    to: { offsetFrom: 'ingest_time', untilNumberOfDays: 3 },
                  },
                  warningLevel: 'upon_expiry',
                },
                {
                  name: 'Archive',
                  validity: {
                    from: { offsetFrom: 'forever' },
                    to: { offsetFrom: 'absolute', absoluteDate: '2020-01-01' },
                  },
                  warningLevel: 'always',
                },
                { name: 'Web', validity: { from: { offsetFrom: 'forever' }, to: { offsetFrom: 'forever' } } },
              ],
            },
          ],
        },
      });
      if (!created.ok) throw new Error(JSON.stringify(created));
      const governed = await item('Olympic final');
      const free = await item('Press walk');
      await admin.mutate('items.updateMetadata', {
        itemId: governed.id,
        formId: 'rights',
        values: { rightsHolder: 'IOC' },
      });
      const rules = await admin.query<
        Array<{ key: string; contexts: Array<{ name: string; state: string; warn: boolean }> }>
      >('items.usageRules', { itemId: governed.id });
      expect(rules).toMatchObject({
        ok: true,
        data: [
          {
            key: 'olympics',
            contexts: [
              { name: 'Broadcast', state: 'expiring', warn: true },
              { name: 'Archive', state: 'expired', warn: true },
              { name: 'Web', state: 'active', warn: false },
            ],
          },
        ],
      });
      expect(await admin.query('items.usageRules', { itemId: free.id })).toMatchObject({ ok: true, data: [] });
      expect(await bravoAdmin.query('items.usageRules', { itemId: governed.id })).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('bulk update', () => {
    it('reports each item it could not change instead of skipping it', async () => {
      const open = await item('Open clip');
      const locked = await item('Locked clip', {
        ownerId: alpha.admin.id,
        updatableBy: { level: 'owner', groups: [] },
      });
      const result = await logger.client.mutate<{ results: Array<{ itemId: string; ok: boolean; message?: string }> }>(
        'items.bulkUpdateMetadata',
        {
          itemIds: [open.id, locked.id],
          formId: 'sport',
          changes: [
            { fieldId: 'headline', op: 'set', value: 'Archive' },
            { fieldId: 'tags', op: 'add', value: ['archive'] },
          ],
        },
      );
      expect(result).toMatchObject({
        ok: true,
        data: {
          results: [
            { itemId: open.id, ok: true },
            { itemId: locked.id, ok: false, message: "You don't have permission to update this item" },
          ],
        },
      });
      expect(titles(await search(admin, 'tags:archive'))).toEqual(['Open clip']);
    });
  });

  describe('chosen values', () => {
    it('counts chosen values only, and keys the items again when a typed field becomes a choice', async () => {
      const typed = {
        id: 'episodes',
        label: 'Episodes',
        active: true,
        views: { item: [], search: [] },
        fields: [{ id: 'e1', fieldId: 'episode', label: 'Episode', type: 'Text' }],
      };
      const created = await admin.mutate<TMetadataFormView>('metadataForms.create', { form: typed });
      if (!created.ok) throw new Error(JSON.stringify(created));
      const pilot = await item('Pilot recording');
      const saved = await admin.mutate('items.updateMetadata', {
        itemId: pilot.id,
        formId: created.data.id,
        values: { episode: 'Pilot' },
      });
      if (!saved.ok) throw new Error(JSON.stringify(saved));
      expect(titles(await search(admin, 'episode:pilot'))).toEqual(['Pilot recording']);
      // Typed text is found by its words, not counted: a facet of it is not given.
      const typedFacets = await search(admin, 'episode:pilot', { facetFields: ['episode', 'genre'] });
      expect(Object.keys(typedFacets.facets.fields)).toEqual(['genre']);

      const chosen = await admin.mutate<TMetadataFormView>('metadataForms.update', {
        id: created.data.id,
        revision: created.data.revision,
        form: {
          ...typed,
          fields: [{ ...typed.fields[0], type: 'Choice', alternatives: [{ value: 'Pilot', label: 'Pilot' }] }],
        },
      });
      if (!chosen.ok) throw new Error(JSON.stringify(chosen));
      // Now matched whole, through the item's field keys, which the type change derived from its stored value.
      const found = await search(admin, 'episode:pilot', { facetFields: ['episode'] });
      expect(titles(found)).toEqual(['Pilot recording']);
      expect(found.facets.fields.episode).toEqual([{ value: 'Pilot', count: 1 }]);
    });
  });

  describe("tenant B and tenant A's forms, values and items", () => {
    it('sees and changes none of them', async () => {
      const clip = await item('Alpha only clip');
      await admin.mutate('items.updateMetadata', { itemId: clip.id, formId: 'sport', values: { headline: 'Alpha' } });
      const notFound = { ok: false, status: 404, code: 'NOT_FOUND' };
      const bravoForms = await bravoAdmin.query<TMetadataFormView[]>('metadataForms.list');
      expect(bravoForms.ok && bravoForms.data.map((f) => f.id)).not.toContain(sport.id);
      expect(await bravoAdmin.query('metadataForms.get', { id: sport.id })).toMatchObject(notFound);
      expect(
        await bravoAdmin.mutate('metadataForms.update', { id: sport.id, revision: sport.revision, form: sportForm }),
      ).toMatchObject(notFound);
      expect(await bravoAdmin.mutate('metadataForms.delete', { id: sport.id })).toMatchObject(notFound);
      expect(await bravoAdmin.query('items.metadata', { itemId: clip.id })).toMatchObject(notFound);
      expect(
        await bravoAdmin.mutate('items.updateMetadata', { itemId: clip.id, formId: 'common', values: { title: 'x' } }),
      ).toMatchObject(notFound);
      const bulk = await bravoAdmin.mutate<{ results: Array<{ ok: boolean; code?: string }> }>(
        'items.bulkUpdateMetadata',
        { itemIds: [clip.id], formId: 'common', changes: [{ fieldId: 'description', op: 'set', value: 'x' }] },
      );
      expect(bulk).toMatchObject({ ok: true, data: { results: [{ ok: false, code: 'NOT_FOUND' }] } });
      expect((await search(bravoAdmin, 'alpha')).total).toBe(0);
      expect((await search(bravoAdmin, '')).hits.map((h) => h.id)).not.toContain(clip.id);
      const key = await adminApiKey(t, bravo);
      expect(await rest(t, key, 'GET', `/items/${clip.id}/metadata`)).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'PATCH', `/items/${clip.id}/metadata`, { form: 'common', values: {} })).toMatchObject({
        status: 404,
      });
      const found = await rest(t, key, 'GET', '/search?q=alpha');
      expect(found).toMatchObject({ status: 200, body: { total: 0, hits: [] } });
    });
  });
});
