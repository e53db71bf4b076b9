import { testBackends } from '@mam/db/testing';
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

describe.each(testBackends)('did you mean on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let member: TMember;

  beforeAll(async () => {
    let root: string;
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    member = await addMember(t, alpha, 'viewer');
    const owner = (await adminActor(t, alpha)).userId;
    await insertItem(t, alpha, { title: 'Late goal in Bergen', folderId: root, ownerId: null });
    await insertItem(t, alpha, { title: 'Stunning header in Bergen', folderId: root, ownerId: null });
    await insertItem(t, alpha, {
      title: 'Zanzibar interview',
      folderId: root,
      ownerId: owner,
      visibleTo: { level: 'owner', groups: [] },
    });
    await insertItem(t, bravo, { title: 'Trondheim derby', folderId: null, ownerId: null });
  });
  afterAll(() => t.dispose());

  const search = async (client: TrpcClient, q: string) => {
    const result = await client.query<TSearchResult>('search.items', { q });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.data;
  };

  it("corrects a query's unknown words to the tenant's, keeping the rest of it", async () => {
    const found = await search(admin, 'gaol');
    expect(found.total).toBe(0);
    expect(found.suggestion).toBe('goal');
    expect((await search(admin, 'stuning Bregen')).suggestion).toBe('stunning bergen');
    // The corrected query finds what it promises.
    expect((await search(admin, 'stunning bergen')).total).toBe(1);
  });

  it('suggests nothing for a query with hits or nothing like the words', async () => {
    expect((await search(admin, 'goal')).suggestion).toBeNull();
    expect((await search(admin, 'xqzvw')).suggestion).toBeNull();
    expect((await search(admin, '')).suggestion).toBeNull();
  });

  it("never suggests another tenant's words", async () => {
    expect((await search(admin, 'trondhiem')).suggestion).toBeNull();
    expect((await search(bravoAdmin, 'trondhiem')).suggestion).toBe('trondheim');
    expect((await search(bravoAdmin, 'gaol')).suggestion).toBeNull();
  });

  it('never suggests a word of items the searcher may not see', async () => {
    expect((await search(admin, 'zanzibr')).suggestion).toBe('zanzibar');
    const hidden = await member.client.query<TSearchResult>('search.items', { q: 'zanzibr' });
    expect(hidden.ok && hidden.data.suggestion).toBeNull();
  });

  it('carries the suggestion in the REST search response', async () => {
    const key = await adminApiKey(t, alpha);
    const answer = await rest(t, key, 'GET', '/search?q=gaol');
    expect(answer.status).toBe(200);
    expect(answer.body.suggestion).toBe('goal');
    const bravoKey = await adminApiKey(t, bravo);
    expect((await rest(t, bravoKey, 'GET', '/search?q=gaol')).body.suggestion).toBeNull();
  });
});
