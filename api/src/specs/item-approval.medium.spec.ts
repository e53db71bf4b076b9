import { testBackends } from '@mam/db/testing';
import type { THistoryEvent } from '../services/items/item-library.service';
import type { TItemView } from '../services/items/item-view';
import type { TSearchResult } from '../services/search/search.service';
import {
  addMember,
  adminApiKey,
  insertItem,
  rest,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import { type TestApp, type TrpcClient } from '../testing/test-app';

describe.each(testBackends)('item approval on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let member: TMember;
  let reviewer: TMember;
  let root: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    member = await addMember(t, alpha, 'member');
    reviewer = await addMember(t, alpha, 'reviewer', { approveItems: true });
  });
  afterAll(() => t.dispose());

  const item = (title: string, values: Partial<Parameters<typeof insertItem>[2]> = {}) =>
    insertItem(t, alpha, { title, folderId: root, ownerId: alpha.admin.id, ...values });

  async function history(id: string) {
    const result = await admin.query<THistoryEvent[]>('items.history', { itemId: id });
    if (!result.ok) throw new Error(result.code);
    return result.data.filter((e) => e.action === 'item.approval_changed');
  }

  it('starts at none, records who set it and when, and audits before and after', async () => {
    const target = await item('to review');
    const fresh = await admin.query<TItemView>('items.get', { itemId: target.id });
    expect(fresh).toMatchObject({ ok: true, data: { approval: { status: 'none', setBy: null, setAt: null } } });
    const set = await reviewer.client.mutate<TItemView>('items.setApproval', { itemId: target.id, status: 'approved' });
    expect(set).toMatchObject({
      ok: true,
      data: { approval: { status: 'approved', setBy: reviewer.id, setAt: expect.any(String) } },
    });
    await admin.mutate('items.setApproval', { itemId: target.id, status: 'needs_changes' });
    // Setting the same status again changes nothing and audits nothing.
    await admin.mutate('items.setApproval', { itemId: target.id, status: 'needs_changes' });
    const events = await history(target.id);
    expect(events.map((e) => [e.actorEmail, e.details])).toEqual([
      [alpha.adminEmail, { approvalStatus: { from: 'approved', to: 'needs_changes' } }],
      [reviewer.email, { approvalStatus: { from: 'none', to: 'approved' } }],
    ]);
  });

  it("notifies the item's owner in the bell, and by mail when they chose it, not the reviewer", async () => {
    const target = await item('owned by member', { ownerId: member.id });
    const bell = async (userId: string) =>
      (await t.services.deps.repos.notifications.list(alpha.tenant.id, userId, { state: 'all', limit: 50 })).filter(
        (n) => n.notification.kind === 'approval_changed' && n.notification.itemId === target.id,
      );
    await member.client.mutate('notifications.updateSettings', { emailKinds: ['approval_changed'] });
    const mailsBefore = t.outbox.length;
    await reviewer.client.mutate('items.setApproval', { itemId: target.id, status: 'needs_changes' });
    const rung = await bell(member.id);
    expect(rung.map((n) => [n.notification.actorId, n.notification.params])).toEqual([
      [reviewer.id, { title: 'owned by member', status: 'needs_changes' }],
    ]);
    const mails = t.outbox.slice(mailsBefore);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [member.email, expect.stringContaining('marked owned by member as needing changes')],
    ]);
    // Setting the same status again is no change; a reviewer is not told of their own act.
    await reviewer.client.mutate('items.setApproval', { itemId: target.id, status: 'needs_changes' });
    expect(await bell(member.id)).toHaveLength(1);
    const own = await item('owned by reviewer', { ownerId: reviewer.id });
    await reviewer.client.mutate('items.setApproval', { itemId: own.id, status: 'approved' });
    const reviewerBell = await t.services.deps.repos.notifications.list(alpha.tenant.id, reviewer.id, {
      state: 'all',
      limit: 50,
    });
    expect(reviewerBell.filter((n) => n.notification.kind === 'approval_changed')).toEqual([]);
  });

  it('refuses without approveItems, without update access, and an unknown status', async () => {
    const target = await item('guarded');
    expect(await member.client.mutate('items.setApproval', { itemId: target.id, status: 'approved' })).toMatchObject({
      ok: false,
      status: 403,
      code: 'APPROVE_ITEMS_FORBIDDEN',
      message: "You don't have permission to set the approval status",
    });
    const locked = await item('owner only', { updatableBy: { level: 'owner', groups: [] } });
    expect(await reviewer.client.mutate('items.setApproval', { itemId: locked.id, status: 'approved' })).toMatchObject({
      ok: false,
      status: 403,
      code: 'UPDATE_ITEM_FORBIDDEN',
    });
    expect(await admin.mutate('items.setApproval', { itemId: target.id, status: 'rejected' })).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await history(target.id)).toEqual([]);
    expect(await history(locked.id)).toEqual([]);
  });

  it('is set and shown over REST', async () => {
    const key = await adminApiKey(t, alpha);
    const target = await item('rest review');
    expect(await rest(t, key, 'GET', `/items/${target.id}`)).toMatchObject({
      status: 200,
      body: { approval: { status: 'none' } },
    });
    expect(await rest(t, key, 'PUT', `/items/${target.id}/approval`, { status: 'in_review' })).toMatchObject({
      status: 200,
      body: { approval: { status: 'in_review', setBy: alpha.admin.id } },
    });
    expect(await rest(t, key, 'PUT', `/items/${target.id}/approval`, { status: 'nope' })).toMatchObject({
      status: 400,
    });
  });

  it("gives tenant B 404 for tenant A's item over tRPC and REST", async () => {
    const target = await item('alpha only');
    expect(await bravoAdmin.mutate('items.setApproval', { itemId: target.id, status: 'approved' })).toMatchObject({
      ok: false,
      status: 404,
      code: 'NOT_FOUND',
    });
    const key = await adminApiKey(t, bravo);
    expect(await rest(t, key, 'PUT', `/items/${target.id}/approval`, { status: 'approved' })).toMatchObject({
      status: 404,
    });
    expect(await t.services.deps.repos.items.findById(alpha.tenant.id, target.id)).toMatchObject({
      approvalStatus: 'none',
    });
  });

  it('is a search facet with counts, a filter, a query field and part of every hit', async () => {
    const ids: string[] = [];
    for (const title of ['quokka one', 'quokka two', 'quokka three']) ids.push((await item(title)).id);
    await admin.mutate('items.setApproval', { itemId: ids[0], status: 'approved' });
    await admin.mutate('items.setApproval', { itemId: ids[1], status: 'approved' });
    const search = async (q: string, extra: object = {}) => {
      const result = await admin.query<TSearchResult>('search.items', { q, ...extra });
      if (!result.ok) throw new Error(JSON.stringify(result));
      return result.data;
    };
    const all = await search('quokka');
    expect(all.facets!.approval).toEqual([
      { value: 'approved', count: 2 },
      { value: 'none', count: 1 },
    ]);
    expect(all.hits.find((hit) => hit.id === ids[0])).toMatchObject({ approval: { status: 'approved' } });
    const filtered = await search('quokka', { approvals: ['none'] });
    expect(filtered.hits.map((hit) => hit.title)).toEqual(['quokka three']);
    const queried = await search('quokka approval:approved');
    expect(queried.hits.map((hit) => hit.title).sort()).toEqual(['quokka one', 'quokka two']);
    expect(await admin.query('search.items', { q: 'quokka', approvals: ['rejected'] })).toMatchObject({
      status: 400,
    });
  });
});
