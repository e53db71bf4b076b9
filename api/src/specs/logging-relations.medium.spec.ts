import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { ElasticsearchBackend, SearchDocument } from '@mam/search';
import { createSearchIndexer } from '../services/search/search-indexer';
import type { TItemLog, TLogEntryView } from '../services/logging/log-entry.service';
import type { TRelationView } from '../services/item-relation.service';
import type { TMetadataFormView } from '../services/metadata/metadata-form.service';
import type { TCommentView } from '../services/comment.service';
import type { TSearchResult } from '../services/search/search.service';
import {
  addMember,
  adminApiKey,
  insertItem,
  rest,
  setEveryonePermissions,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const goalsForm = {
  id: 'goals',
  label: 'Goals',
  active: true,
  flavor: 'timed',
  color: '#e03131',
  keyboardShortcut: 'g',
  duration: 5,
  views: { item: [] },
  fields: [
    { id: 'f1', fieldId: 'scorer', label: 'Scorer', type: 'Text', required: true },
    {
      id: 'f2',
      fieldId: 'goalKind',
      label: 'Kind',
      type: 'Choice',
      alternatives: [
        { value: 'header', label: 'Header' },
        { value: 'penalty', label: 'Penalty' },
      ],
    },
  ],
};

// 2 s, 4 s and 10 s at 12800 ticks a second.
const two = 25_600;
const four = 51_200;
const ten = 128_000;
const ownerOnly = { level: 'owner' as const, groups: [] };
const notFound = { ok: false, status: 404, code: 'NOT_FOUND' };

describe.each(testBackends)('logging and relations on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let reader: TMember;
  let goals: TMetadataFormView;
  let match: TItemRow;
  let hidden: TItemRow;
  let key: string;
  let bravoKey: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    const created = await admin.mutate<TMetadataFormView>('metadataForms.create', { form: goalsForm });
    if (!created.ok) throw new Error(JSON.stringify(created));
    goals = created.data;
    // Everyone may see the library; only the administrator may change metadata and items.
    await setEveryonePermissions(t, alpha, { update: false, updateMetadata: false });
    reader = await addMember(t, alpha, 'reader');
    match = await insertItem(t, alpha, { title: 'Cup final', folderId: root, ownerId: alpha.admin.id });
    hidden = await insertItem(t, alpha, {
      title: 'Secret rushes',
      folderId: root,
      ownerId: alpha.admin.id,
      visibleTo: ownerOnly,
    });
    key = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
  });
  afterAll(() => t.dispose());

  const log = async (client: TrpcClient, itemId = match.id) => {
    const result = await client.query<TItemLog>('logEntries.list', { itemId });
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data;
  };
  const create = (client: TrpcClient, input: Record<string, unknown>) =>
    client.mutate<TLogEntryView>('logEntries.create', { itemId: match.id, formId: goals.id, ...input });
  const created = async (input: Record<string, unknown>, client = admin) => {
    const result = await create(client, input);
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data;
  };

  describe('log entries', () => {
    it('offers the timed forms with their shortcut and logs markers and ranges, listed by timecode', async () => {
      const listed = await log(admin);
      expect(listed.canEdit).toBe(true);
      const offered = listed.forms.map((view) => view.form.id);
      expect(offered).toEqual(['goals']);
      expect(listed.forms[0]!.form).toMatchObject({ keyboardShortcut: 'g', duration: 5 });

      const range = await created({ tcIn: four, tcOut: ten, values: { scorer: 'Haaland', goalKind: 'header' } });
      const marker = await created({ tcIn: two, values: { scorer: '  Ødegaard ' } });
      expect(range).toMatchObject({ formKey: 'goals', formLabel: 'Goals', color: '#e03131', tcIn: four, tcOut: ten });
      expect(marker).toMatchObject({ tcIn: two, tcOut: null, createdBy: { id: alpha.admin.id } });

      const entries = (await log(reader.client)).entries;
      expect(entries.map((e) => [e.tcIn, e.values.scorer])).toEqual([
        [two, marker.values.scorer],
        [four, 'Haaland'],
      ]);
    });

    it('checks values and timecodes like item metadata', async () => {
      const required = await create(admin, { tcIn: two, values: {} });
      expect(required).toMatchObject({ ok: false, status: 400, code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(required)).toContain('scorer');
      const badChoice = await create(admin, { tcIn: two, values: { scorer: 'x', goalKind: 'own goal' } });
      expect(badChoice).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      const unknown = await create(admin, { tcIn: two, values: { scorer: 'x', nope: 1 } });
      expect(unknown).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(await create(admin, { tcIn: ten, tcOut: two, values: { scorer: 'x' } })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
      expect(await create(admin, { tcIn: -1, values: { scorer: 'x' } })).toMatchObject({ ok: false, status: 400 });
      // The common form is not timed: no logging with it.
      expect(await create(admin, { formId: 'common', tcIn: two, values: {} })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
    });

    it('edits values and timecode, and deletes', async () => {
      const entry = await created({ tcIn: two, values: { scorer: 'Nusa' } });
      const edited = await admin.mutate<TLogEntryView>('logEntries.update', {
        id: entry.id,
        tcIn: four,
        tcOut: ten,
        values: { scorer: 'Nusa', goalKind: 'penalty' },
      });
      expect(edited).toMatchObject({ ok: true, data: { tcIn: four, tcOut: ten, values: { goalKind: 'penalty' } } });
      expect(await admin.mutate('logEntries.update', { id: entry.id, values: { scorer: '' } })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
      expect(await admin.mutate('logEntries.delete', { id: entry.id })).toMatchObject({ ok: true });
      expect((await log(admin)).entries.some((e) => e.id === entry.id)).toBe(false);
      expect(await admin.mutate('logEntries.delete', { id: entry.id })).toMatchObject(notFound);
    });

    it('lets readers list but not write without the metadata permissions', async () => {
      const entry = await created({ tcIn: two, values: { scorer: 'Reader test' } });
      expect((await log(reader.client)).canEdit).toBe(false);
      const forbidden = { ok: false, status: 403, code: 'UPDATE_ITEM_FORBIDDEN' };
      expect(await create(reader.client, { tcIn: two, values: { scorer: 'x' } })).toMatchObject(forbidden);
      expect(await reader.client.mutate('logEntries.update', { id: entry.id, values: { scorer: 'y' } })).toMatchObject(
        forbidden,
      );
      expect(await reader.client.mutate('logEntries.delete', { id: entry.id })).toMatchObject(forbidden);
    });

    it('hides the entries of items the user cannot see', async () => {
      const entry = await created({ itemId: hidden.id, tcIn: two, values: { scorer: 'Hidden' } });
      expect(await reader.client.query('logEntries.list', { itemId: hidden.id })).toMatchObject(notFound);
      expect(await reader.client.mutate('logEntries.update', { id: entry.id, values: { scorer: 'y' } })).toMatchObject(
        notFound,
      );
    });

    it('is audited on the item history', async () => {
      const history = await admin.query<Array<{ action: string }>>('items.history', { itemId: match.id });
      if (!history.ok) throw new Error(history.code);
      expect(history.data.map((e) => e.action)).toEqual(
        expect.arrayContaining(['log_entry.created', 'log_entry.edited', 'log_entry.deleted']),
      );
    });
  });

  describe('search', () => {
    let logged: TLogEntryView;
    beforeAll(async () => {
      logged = await created({ tcIn: ten, tcOut: ten + two, values: { scorer: 'Sørloth', goalKind: 'penalty' } });
      await created({ itemId: hidden.id, tcIn: four, values: { scorer: 'Sørloth' } });
    });
    const search = async (client: TrpcClient, q: string) => {
      const result = await client.query<TSearchResult>('search.items', { q, typeFilter: 'all' });
      if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
      return result.data;
    };

    it("finds the item by a log entry's words and field values, with the entry's timecode", async () => {
      for (const q of ['sørloth', 'scorer:Sørloth', 'goalKind:penalty AND title:cup', 'sørl*']) {
        const found = await search(admin, q);
        expect(found.hits.map((hit) => hit.id)).toContain(match.id);
        expect(found.logMatches[match.id]).toEqual([{ entryId: logged.id, tcIn: ten, tcOut: ten + two }]);
      }
      const byTitle = await search(admin, 'cup');
      expect(byTitle.hits.map((hit) => hit.id)).toEqual([match.id]);
      expect(byTitle.logMatches[match.id]).toBeUndefined();
      expect((await search(admin, 'scorer:nobody')).hits).toEqual([]);
    });

    it('keeps visibility and leaves negations to the items', async () => {
      expect((await search(reader.client, 'sørloth')).hits.map((hit) => hit.id)).toEqual([match.id]);
      expect((await search(admin, 'sørloth')).hits.map((hit) => hit.id).sort()).toEqual([match.id, hidden.id].sort());
      expect((await search(admin, 'cup -sørloth')).hits.map((hit) => hit.id)).toEqual([match.id]);
      expect((await search(bravoAdmin, 'sørloth')).hits).toEqual([]);
    });

    it('returns the timecodes over REST', async () => {
      const found = await rest(t, key, 'GET', `/search?q=${encodeURIComponent('sørloth')}&typeFilter=all`);
      expect(found.status).toBe(200);
      expect((found.body.logMatches as TSearchResult['logMatches'])[match.id]).toEqual([
        { entryId: logged.id, tcIn: ten, tcOut: ten + two },
      ]);
    });

    it('forgets a deleted entry', async () => {
      await admin.mutate('logEntries.delete', { id: logged.id });
      expect((await search(admin, 'goalKind:penalty')).hits.map((hit) => hit.id)).not.toContain(match.id);
    });
  });

  describe('relations', () => {
    let source: TItemRow;
    let cut: TItemRow;
    let person: TItemRow;

    beforeAll(async () => {
      source = await insertItem(t, alpha, { title: 'Camera rushes', folderId: root, ownerId: alpha.admin.id });
      cut = await insertItem(t, alpha, { title: 'Edited cut', folderId: root, ownerId: alpha.admin.id });
      person = await insertItem(t, alpha, { title: 'Erling', folderId: root, ownerId: alpha.admin.id });
    });

    const relations = async (client: TrpcClient, itemId: string) => {
      const result = await client.query<TRelationView[]>('relations.list', { itemId });
      if (!result.ok) throw new Error(result.code);
      return result.data;
    };

    it('reads a relation from both ends with the inverse label', async () => {
      const added = await admin.mutate<TRelationView>('relations.add', {
        fromItemId: cut.id,
        toItemId: source.id,
        kind: 'derived_from',
      });
      expect(added).toMatchObject({
        ok: true,
        data: { kind: 'derived_from', direction: 'outgoing', label: 'Derived from', other: { id: source.id } },
      });
      await admin.mutate('relations.add', { fromItemId: person.id, toItemId: cut.id, kind: 'appears_in' });
      expect((await relations(reader.client, source.id)).map((r) => [r.label, r.other.title])).toEqual([
        ['Source of', 'Edited cut'],
      ]);
      expect((await relations(reader.client, cut.id)).map((r) => [r.label, r.other.title])).toEqual([
        ['Derived from', 'Camera rushes'],
        ['Features', 'Erling'],
      ]);
      expect((await relations(admin, person.id)).map((r) => r.label)).toEqual(['Appears in']);
    });

    it('refuses self relations, duplicates, and adding without update rights', async () => {
      expect(
        await admin.mutate('relations.add', { fromItemId: cut.id, toItemId: cut.id, kind: 'related' }),
      ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(
        await admin.mutate('relations.add', { fromItemId: cut.id, toItemId: source.id, kind: 'derived_from' }),
      ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(
        await admin.mutate('relations.add', { fromItemId: cut.id, toItemId: source.id, kind: 'nonsense' }),
      ).toMatchObject({ ok: false, status: 400 });
      expect(
        await reader.client.mutate('relations.add', { fromItemId: cut.id, toItemId: match.id, kind: 'related' }),
      ).toMatchObject({ ok: false, status: 403, code: 'UPDATE_ITEM_FORBIDDEN' });
    });

    it('lists only relations to items the user can see, and removes', async () => {
      const secret = await admin.mutate<TRelationView>('relations.add', {
        fromItemId: hidden.id,
        toItemId: source.id,
        kind: 'derived_from',
      });
      if (!secret.ok) throw new Error(secret.code);
      expect((await relations(admin, source.id)).map((r) => r.other.title)).toContain('Secret rushes');
      expect((await relations(reader.client, source.id)).map((r) => r.other.title)).not.toContain('Secret rushes');
      expect(await reader.client.mutate('relations.remove', { id: secret.data.id })).toMatchObject(notFound);
      expect(await admin.mutate('relations.remove', { id: secret.data.id })).toMatchObject({ ok: true });
      expect((await relations(admin, source.id)).map((r) => r.other.title)).not.toContain('Secret rushes');
    });

    it('is served over REST', async () => {
      const response = await rest(t, key, 'GET', `/items/${source.id}/relations`);
      expect(response.status).toBe(200);
      expect(response.body.relations).toEqual([
        expect.objectContaining({ kind: 'derived_from', direction: 'incoming', label: 'Source of' }),
      ]);
    });
  });

  describe('REST', () => {
    it('lists, creates, changes and deletes log entries', async () => {
      const made = await rest(t, key, 'POST', `/items/${match.id}/log-entries`, {
        formId: 'goals',
        tcIn: ten,
        values: { scorer: 'Over REST' },
      });
      expect(made).toMatchObject({ status: 201, body: { tcIn: ten, values: { scorer: 'Over REST' } } });
      const id = made.body.id as string;
      const listed = await rest(t, key, 'GET', `/items/${match.id}/log-entries`);
      expect((listed.body.entries as TLogEntryView[]).map((e) => e.id)).toContain(id);
      expect(await rest(t, key, 'PATCH', `/items/${match.id}/log-entries/${id}`, { tcOut: ten + two })).toMatchObject({
        status: 200,
        body: { tcIn: ten, tcOut: ten + two },
      });
      expect(
        await rest(t, key, 'POST', `/items/${match.id}/log-entries`, { formId: 'goals', tcIn: ten, values: {} }),
      ).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      // An entry is only found under its own item.
      expect(await rest(t, key, 'DELETE', `/items/${hidden.id}/log-entries/${id}`)).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'DELETE', `/items/${match.id}/log-entries/${id}`)).toMatchObject({ status: 200 });
    });

    it('lists and creates comments, with replies by parentId', async () => {
      const made = await rest(t, key, 'POST', `/items/${match.id}/comments`, { text: 'Great goal', tcIn: two });
      expect(made).toMatchObject({ status: 201, body: { text: 'Great goal', tcIn: two, parentId: null } });
      const reply = await rest(t, key, 'POST', `/items/${match.id}/comments`, {
        text: 'Agreed',
        parentId: made.body.id,
      });
      expect(reply).toMatchObject({ status: 201, body: { text: 'Agreed', parentId: made.body.id } });
      const threads = (await rest(t, key, 'GET', `/items/${match.id}/comments`)).body.threads as Array<
        TCommentView & { replies: TCommentView[] }
      >;
      const thread = threads.find((c) => c.id === made.body.id);
      expect(thread?.replies.map((r) => r.text)).toEqual(['Agreed']);
      expect(
        await rest(t, key, 'POST', `/items/${hidden.id}/comments`, { text: 'x', parentId: made.body.id }),
      ).toMatchObject({ status: 404 });
      expect(await rest(t, key, 'POST', `/items/${match.id}/comments`, { text: '  ' })).toMatchObject({
        status: 400,
      });
    });
  });

  describe('another tenant', () => {
    it("gets nothing of tenant A's entries, relations and comments through tRPC", async () => {
      const entry = await created({ tcIn: two, values: { scorer: 'Tenant A' } });
      expect(await bravoAdmin.query('logEntries.list', { itemId: match.id })).toMatchObject(notFound);
      expect(
        await bravoAdmin.mutate('logEntries.create', { itemId: match.id, formId: 'goals', tcIn: 0, values: {} }),
      ).toMatchObject({ ok: false });
      expect(await bravoAdmin.mutate('logEntries.update', { id: entry.id, values: { scorer: 'B' } })).toMatchObject(
        notFound,
      );
      expect(await bravoAdmin.mutate('logEntries.delete', { id: entry.id })).toMatchObject(notFound);
      expect(await bravoAdmin.query('relations.list', { itemId: match.id })).toMatchObject(notFound);
      const own = await insertItem(t, bravo, { title: 'Bravo item', folderId: null, ownerId: bravo.admin.id });
      expect(
        await bravoAdmin.mutate('relations.add', { fromItemId: own.id, toItemId: match.id, kind: 'related' }),
      ).toMatchObject(notFound);
      expect(await bravoAdmin.query('comments.list', { itemId: match.id })).toMatchObject(notFound);
      const related = await admin.mutate<TRelationView>('relations.add', {
        fromItemId: match.id,
        toItemId: hidden.id,
        kind: 'related',
      });
      if (!related.ok) throw new Error(related.code);
      expect(await bravoAdmin.mutate('relations.remove', { id: related.data.id })).toMatchObject(notFound);
      expect(await admin.mutate('relations.remove', { id: related.data.id })).toMatchObject({ ok: true });
    });

    it("gets 404 for tenant A's entries, relations and comments over REST", async () => {
      const entry = await created({ tcIn: two, values: { scorer: 'Tenant A REST' } });
      expect(await rest(t, bravoKey, 'GET', `/items/${match.id}/log-entries`)).toMatchObject({ status: 404 });
      expect(
        await rest(t, bravoKey, 'POST', `/items/${match.id}/log-entries`, { formId: 'goals', tcIn: 0, values: {} }),
      ).toMatchObject({ status: 404 });
      expect(await rest(t, bravoKey, 'PATCH', `/items/${match.id}/log-entries/${entry.id}`, { tcIn: 0 })).toMatchObject(
        { status: 404 },
      );
      expect(await rest(t, bravoKey, 'DELETE', `/items/${match.id}/log-entries/${entry.id}`)).toMatchObject({
        status: 404,
      });
      expect(await rest(t, bravoKey, 'GET', `/items/${match.id}/relations`)).toMatchObject({ status: 404 });
      expect(await rest(t, bravoKey, 'GET', `/items/${match.id}/comments`)).toMatchObject({ status: 404 });
      expect(await rest(t, bravoKey, 'POST', `/items/${match.id}/comments`, { text: 'x' })).toMatchObject({
        status: 404,
      });
    });
  });
});

/** Keeps what the product indexes and answers searches with the ids the test gives. */
function standInElasticsearch() {
  const documents = new Map<string, SearchDocument>();
  let ids: string[] = [];
  const backend = {
    ensureIndex: async () => undefined,
    index: async (docs: readonly SearchDocument[]) => docs.forEach((doc) => documents.set(doc.id, doc)),
    remove: async (_tenantId: string, removed: readonly string[]) => removed.forEach((id) => documents.delete(id)),
    reindex: async () => ({ indexed: 0 }),
    search: async () => ({
      ids,
      total: ids.length,
      facets: { itemType: [], state: [], createdBy: [], fields: {} },
    }),
    page: async () => ids,
  };
  return {
    backend: backend as unknown as ElasticsearchBackend,
    documents,
    answer: (next: string[]) => void (ids = next),
  };
}

describe.each(testBackends)('log entries through Elasticsearch on %s (wiring, with a stand-in)', (backend) => {
  const es = standInElasticsearch();
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let admin: TrpcClient;
  let root: string;

  beforeAll(async () => {
    ({ t, alpha, admin, root } = await twoTenantLibrary(backend, { searchBackend: es.backend }));
    const created = await admin.mutate('metadataForms.create', { form: goalsForm });
    if (!created.ok) throw new Error(JSON.stringify(created));
  });
  afterAll(() => t.dispose());

  it("indexes the entries' values with their item and returns the matching entries' timecodes from the database", async () => {
    const sync = createSearchIndexer({
      repos: t.services.deps.repos,
      forms: t.services.metadataForms,
      backend: es.backend,
      logger: t.services.deps.logger,
    });
    const clip = await insertItem(t, alpha, { title: 'Semi final', folderId: root, ownerId: alpha.admin.id });
    await sync.syncOnce();
    expect(es.documents.get(clip.id)?.logEntryFields).toBeUndefined();

    const entry = await admin.mutate<TLogEntryView>('logEntries.create', {
      itemId: clip.id,
      formId: 'goals',
      tcIn: four,
      values: { scorer: 'Strand Larsen', goalKind: 'header' },
    });
    if (!entry.ok) throw new Error(entry.code);
    await sync.syncOnce();
    expect(es.documents.get(clip.id)?.logEntryFields).toEqual({ scorer: ['Strand Larsen'], goalKind: ['header'] });

    await admin.mutate('logEntries.update', { id: entry.data.id, values: { scorer: 'Berge' } });
    await sync.syncOnce();
    // Values left out of an edit stay as they were, as with item metadata.
    expect(es.documents.get(clip.id)?.logEntryFields).toEqual({ scorer: ['Berge'], goalKind: ['header'] });

    es.answer([clip.id]);
    const found = await admin.query<TSearchResult>('search.items', { q: 'scorer:berge', typeFilter: 'all' });
    expect(found).toMatchObject({
      ok: true,
      data: { logMatches: { [clip.id]: [{ entryId: entry.data.id, tcIn: four, tcOut: null }] } },
    });
  });
});
