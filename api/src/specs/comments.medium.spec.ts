import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { TCommentThread, TCommentView, TTaskView } from '../services/comment.service';
import {
  addMember,
  insertItem,
  itemHistory,
  setEveryonePermissions,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const ownerOnly = { level: 'owner' as const, groups: [] };
const forbidden = {
  ok: false,
  status: 403,
  code: 'COMMENT_FORBIDDEN',
  message: "You don't have permission to comment",
};
const notFound = { ok: false, status: 404, code: 'NOT_FOUND' };
// 2 s and 3.5 s at 12800 ticks a second.
const twoSeconds = 25_600;
const threeAndAHalf = 44_800;

describe.each(testBackends)('comments on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let root: string;
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let writer: TMember;
  let colleague: TMember;
  let lead: TMember;
  let outsider: TMember;
  let writeOnly: TMember;
  let clip: TItemRow;

  beforeAll(async () => {
    ({ t, alpha, bravo, root, admin, bravoAdmin } = await twoTenantLibrary(backend));
    // The organisation group grants no comment permissions, so each member has exactly what their group says.
    const none = { commentRead: false, commentWrite: false, commentStatus: false, commentDeleteOwn: false };
    await setEveryonePermissions(t, alpha, none);
    writer = await addMember(t, alpha, 'writer', {});
    colleague = await addMember(t, alpha, 'colleague', {});
    lead = await addMember(t, alpha, 'lead', {
      commentAssign: true,
      commentResolve: true,
      commentDeleteOthers: true,
      taskListAll: true,
    });
    outsider = await addMember(t, alpha, 'outsider');
    writeOnly = await addMember(t, alpha, 'writeonly', { ...none, commentWrite: true });
    clip = await insertItem(t, alpha, { title: 'Match highlights', folderId: root, ownerId: writer.id });
  });
  afterAll(() => t.dispose());

  const create = (client: TrpcClient, input: Record<string, unknown>) =>
    client.mutate<TCommentView>('comments.create', { itemId: clip.id, ...input });
  const created = async (client: TrpcClient, input: Record<string, unknown>) => {
    const result = await create(client, input);
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data;
  };
  const threads = async (client: TrpcClient, itemId = clip.id) => {
    const result = await client.query<TCommentThread[]>('comments.list', { itemId });
    if (!result.ok) throw new Error(result.code);
    return result.data;
  };
  const tasks = async (client: TrpcClient, path: 'comments.myTasks' | 'comments.allTasks', state?: string) => {
    const result = await client.query<TTaskView[]>(path, state ? { state } : undefined);
    if (!result.ok) throw new Error(result.code);
    return result.data;
  };

  it('creates a comment at a timecode range and lists it with its author', async () => {
    const comment = await created(writer.client, {
      text: '  Logo too early  ',
      tcIn: twoSeconds,
      tcOut: threeAndAHalf,
    });
    expect(comment).toMatchObject({
      text: 'Logo too early',
      tcIn: twoSeconds,
      tcOut: threeAndAHalf,
      author: { id: writer.id, email: writer.email },
      resolved: false,
      editedAt: null,
      canEdit: true,
      canDelete: true,
      canResolve: true,
      canAssign: false,
    });
    const listed = (await threads(colleague.client)).find((c) => c.id === comment.id);
    expect(listed).toMatchObject({ text: 'Logo too early', replies: [], canEdit: false, canDelete: false });
  });

  it('refuses bad text and timecodes', async () => {
    expect(await create(writer.client, { text: '   ' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await create(writer.client, { text: 'x', tcIn: twoSeconds, tcOut: twoSeconds })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(await create(writer.client, { text: 'x', tcOut: twoSeconds })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(await create(writer.client, { text: 'x', tcIn: -1 })).toMatchObject({ ok: false, status: 400 });
    expect(await create(writer.client, { text: 'x', tcIn: 1.5 })).toMatchObject({ ok: false, status: 400 });
  });

  it("says 'You don't have permission to comment' without the comment permissions", async () => {
    const comment = await created(writer.client, { text: 'Check the audio' });
    expect(await outsider.client.query('comments.list', { itemId: clip.id })).toMatchObject(forbidden);
    expect(await create(outsider.client, { text: 'me too' })).toMatchObject(forbidden);
    expect(await outsider.client.mutate('comments.reply', { commentId: comment.id, text: 'me too' })).toMatchObject(
      forbidden,
    );
    expect(await outsider.client.query('comments.myTasks')).toMatchObject(forbidden);
    // commentWrite alone writes but does not read, and commentStatus is what resolving one's own comment needs.
    const own = await created(writeOnly.client, { text: 'Blind note' });
    expect(own).toMatchObject({ canResolve: false });
    expect(await writeOnly.client.query('comments.list', { itemId: clip.id })).toMatchObject(forbidden);
    expect(await writeOnly.client.mutate('comments.setResolved', { id: own.id, resolved: true })).toMatchObject(
      forbidden,
    );
    expect(await writeOnly.client.mutate('comments.delete', { id: own.id })).toMatchObject(forbidden);
  });

  it('threads replies one level deep and keeps a deleted comment as a placeholder while it has replies', async () => {
    const comment = await created(writer.client, { text: 'Colour is off', tcIn: twoSeconds });
    const reply = await colleague.client.mutate<TCommentView>('comments.reply', {
      commentId: comment.id,
      text: 'Graded again',
    });
    expect(reply).toMatchObject({ ok: true, data: { parentId: comment.id, tcIn: null } });
    const replyId = reply.ok ? reply.data.id : '';
    const nested = await writer.client.mutate<TCommentView>('comments.reply', { commentId: replyId, text: 'Thanks' });
    expect(nested).toMatchObject({ ok: true, data: { parentId: comment.id } });
    expect(await writer.client.mutate('comments.setResolved', { id: replyId, resolved: true })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });

    expect(await writer.client.mutate('comments.delete', { id: comment.id })).toMatchObject({ ok: true });
    const thread = (await threads(colleague.client)).find((c) => c.id === comment.id);
    expect(thread).toMatchObject({ deleted: true, text: null, author: null, canDelete: false });
    expect(thread?.replies.map((r) => r.text)).toEqual(['Graded again', 'Thanks']);
    expect(await colleague.client.mutate('comments.reply', { commentId: comment.id, text: 'late' })).toMatchObject(
      notFound,
    );
    expect(await writer.client.mutate('comments.edit', { id: comment.id, text: 'again' })).toMatchObject(notFound);

    const lonely = await created(writer.client, { text: 'Nobody answers' });
    expect(await writer.client.mutate('comments.delete', { id: lonely.id })).toMatchObject({ ok: true });
    expect((await threads(writer.client)).map((c) => c.id)).not.toContain(lonely.id);
  });

  it('lets authors edit only their own comments and shows the edit time', async () => {
    const comment = await created(writer.client, { text: 'Typo in lower thid', tcIn: twoSeconds });
    expect(await colleague.client.mutate('comments.edit', { id: comment.id, text: 'mine now' })).toMatchObject(
      forbidden,
    );
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const at = t.clock.now.toISOString();
    const edited = await writer.client.mutate<TCommentView>('comments.edit', {
      id: comment.id,
      text: 'Typo in lower third',
    });
    expect(edited).toMatchObject({ ok: true, data: { text: 'Typo in lower third', tcIn: twoSeconds } });
    expect(edited).toMatchObject({ data: { editedAt: at } });
    const moved = await writer.client.mutate<TCommentView>('comments.edit', {
      id: comment.id,
      text: 'Typo in lower third',
      tcIn: threeAndAHalf,
      tcOut: null,
    });
    expect(moved).toMatchObject({ ok: true, data: { tcIn: threeAndAHalf, tcOut: null } });
    expect((await threads(colleague.client)).find((c) => c.id === comment.id)?.editedAt).not.toBeNull();
  });

  it('resolves and reopens: author and assignee with commentStatus, anyone with commentResolve', async () => {
    const comment = await created(writer.client, { text: 'Fix the fade' });
    expect(await colleague.client.mutate('comments.setResolved', { id: comment.id, resolved: true })).toMatchObject(
      forbidden,
    );
    const resolved = await writer.client.mutate<TCommentView>('comments.setResolved', {
      id: comment.id,
      resolved: true,
    });
    expect(resolved).toMatchObject({ ok: true, data: { resolved: true, resolvedBy: { id: writer.id } } });
    expect(await lead.client.mutate('comments.setResolved', { id: comment.id, resolved: false })).toMatchObject({
      ok: true,
      data: { resolved: false, resolvedAt: null, resolvedBy: null },
    });

    await lead.client.mutate('comments.assign', { id: comment.id, assigneeId: colleague.id });
    expect(await colleague.client.mutate('comments.setResolved', { id: comment.id, resolved: true })).toMatchObject({
      ok: true,
      data: { resolved: true, resolvedBy: { id: colleague.id } },
    });
    const history = await admin.query<Array<{ action: string }>>('items.history', { itemId: clip.id, limit: 100 });
    const actions = history.ok ? history.data.map((e) => e.action) : [];
    expect(actions).toEqual(expect.arrayContaining(['comment.resolved', 'comment.reopened', 'comment.assigned']));
  });

  it('assigns with commentAssign to users of the tenant who can see the item; my tasks and all tasks', async () => {
    const comment = await created(writer.client, { text: 'Replace music', tcIn: twoSeconds });
    expect(await writer.client.mutate('comments.assign', { id: comment.id, assigneeId: colleague.id })).toMatchObject(
      forbidden,
    );
    expect(await create(writer.client, { text: 'x', assigneeId: colleague.id })).toMatchObject(forbidden);
    for (const assigneeId of [bravo.admin.id, '00000000-0000-4000-8000-000000000000']) {
      expect(await lead.client.mutate('comments.assign', { id: comment.id, assigneeId })).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }

    const assigned = await lead.client.mutate<TCommentView>('comments.assign', {
      id: comment.id,
      assigneeId: colleague.id,
    });
    expect(assigned).toMatchObject({ ok: true, data: { assignee: { id: colleague.id } } });
    const direct = await created(lead.client, { text: 'Check captions', assigneeId: colleague.id, tcIn: 0 });

    const open = await tasks(colleague.client, 'comments.myTasks');
    expect(open.map((task) => task.comment.id)).toEqual(expect.arrayContaining([comment.id, direct.id]));
    expect(open.find((task) => task.comment.id === comment.id)).toMatchObject({
      item: { id: clip.id, title: 'Match highlights' },
      comment: { tcIn: twoSeconds, text: 'Replace music' },
    });
    expect(await tasks(writer.client, 'comments.myTasks')).toEqual([]);

    await colleague.client.mutate('comments.setResolved', { id: direct.id, resolved: true });
    const ids = async (state: string) =>
      (await tasks(colleague.client, 'comments.myTasks', state)).map((x) => x.comment.id);
    expect(await ids('open')).not.toContain(direct.id);
    expect(await ids('resolved')).toContain(direct.id);
    expect(await ids('resolved')).not.toContain(comment.id);
    expect(await ids('all')).toEqual(expect.arrayContaining([comment.id, direct.id]));

    expect(await writer.client.query('comments.allTasks')).toMatchObject({ ok: false, status: 403 });
    const everyone = (await tasks(lead.client, 'comments.allTasks', 'all')).map((task) => task.comment.id);
    expect(everyone).toEqual(expect.arrayContaining([comment.id, direct.id]));

    expect(await lead.client.mutate('comments.assign', { id: direct.id, assigneeId: null })).toMatchObject({
      ok: true,
      data: { assignee: null },
    });
    expect(await ids('all')).not.toContain(direct.id);
  });

  it('refuses an assignee who cannot see the item and drops tasks on items that become hidden', async () => {
    const secret = await insertItem(t, alpha, {
      title: 'Embargoed',
      folderId: root,
      ownerId: lead.id,
      visibleTo: ownerOnly,
    });
    expect(
      await lead.client.mutate('comments.create', { itemId: secret.id, text: 'x', assigneeId: colleague.id }),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });

    const offered = await lead.client.query<Array<{ id: string }>>('comments.assignees', { itemId: secret.id });
    expect(offered.ok ? offered.data.map((u) => u.id) : []).toEqual([alpha.admin.id, lead.id]);
    const everyone = await lead.client.query<Array<{ id: string }>>('comments.assignees', { itemId: clip.id });
    expect(everyone.ok ? everyone.data.map((u) => u.id) : []).toEqual(
      expect.arrayContaining([colleague.id, writer.id]),
    );
    expect(await writer.client.query('comments.assignees', { itemId: clip.id })).toMatchObject(forbidden);
    expect(await writer.client.query('comments.assignees', { itemId: secret.id })).toMatchObject(notFound);

    const item = await insertItem(t, alpha, { title: 'Soon hidden', folderId: root, ownerId: lead.id });
    const task = await lead.client.mutate<TCommentView>('comments.create', {
      itemId: item.id,
      text: 'Cut the ending',
      assigneeId: colleague.id,
    });
    const id = task.ok ? task.data.id : '';
    expect((await tasks(colleague.client, 'comments.myTasks')).map((x) => x.comment.id)).toContain(id);
    await t.services.deps.repos.items.update(alpha.tenant.id, item.id, { visibleTo: ownerOnly });
    expect((await tasks(colleague.client, 'comments.myTasks')).map((x) => x.comment.id)).not.toContain(id);
  });

  it("deletes own comments with commentDeleteOwn and others' with commentDeleteOthers", async () => {
    const comment = await created(writer.client, { text: 'Remove me' });
    expect(await colleague.client.mutate('comments.delete', { id: comment.id })).toMatchObject(forbidden);
    expect(await lead.client.mutate('comments.delete', { id: comment.id })).toMatchObject({ ok: true });
    expect(await lead.client.mutate('comments.delete', { id: comment.id })).toMatchObject(notFound);
    const own = await created(colleague.client, { text: 'Mine' });
    expect(await colleague.client.mutate('comments.delete', { id: own.id })).toMatchObject({ ok: true });
  });

  it("names the item and the comment in the audit log's What column", async () => {
    const promo = await insertItem(t, alpha, { title: 'Promo', folderId: root, ownerId: writer.id });
    const comment = await created(writer.client, { itemId: promo.id, text: 'Logo @lead too early' });
    const long = 'x'.repeat(80);
    expect(await writer.client.mutate('comments.edit', { id: comment.id, text: long })).toMatchObject({ ok: true });
    expect(await lead.client.mutate('comments.setResolved', { id: comment.id, resolved: true })).toMatchObject({
      ok: true,
    });
    expect(await lead.client.mutate('comments.delete', { id: comment.id })).toMatchObject({ ok: true });
    const cut = `Promo · “${'x'.repeat(59)}…”`;
    expect((await itemHistory(admin, promo.id)).map((e) => [e.action, e.what])).toEqual([
      ['comment.deleted', { kind: 'subject', subject: cut }],
      ['comment.resolved', { kind: 'fields', subject: cut, count: 1 }],
      ['comment.edited', { kind: 'fields', subject: cut, count: 1 }],
      ['comment.created', { kind: 'subject', subject: 'Promo · “Logo @lead too early”' }],
    ]);
  });

  it("answers NOT_FOUND for a hidden item's comments", async () => {
    const hidden = await insertItem(t, alpha, { title: 'Private', folderId: root, ownerId: lead.id });
    const comment = await lead.client.mutate<TCommentView>('comments.create', { itemId: hidden.id, text: 'Secret' });
    const id = comment.ok ? comment.data.id : '';
    await t.services.deps.repos.items.update(alpha.tenant.id, hidden.id, { visibleTo: ownerOnly });
    expect(await lead.client.query('comments.list', { itemId: hidden.id })).toMatchObject({ ok: true });
    expect(await writer.client.query('comments.list', { itemId: hidden.id })).toMatchObject(notFound);
    expect(await writer.client.mutate('comments.create', { itemId: hidden.id, text: 'x' })).toMatchObject(notFound);
    expect(await writer.client.mutate('comments.reply', { commentId: id, text: 'x' })).toMatchObject(notFound);
    expect(await writer.client.mutate('comments.delete', { id })).toMatchObject(notFound);
    expect(await outsider.client.query('comments.list', { itemId: hidden.id })).toMatchObject(notFound);
  });

  it("gives tenant B nothing of tenant A's comments", async () => {
    const comment = await created(writer.client, { text: 'Alpha only', tcIn: 0 });
    await lead.client.mutate('comments.assign', { id: comment.id, assigneeId: writer.id });
    const id = comment.id;
    expect(await bravoAdmin.query('comments.list', { itemId: clip.id })).toMatchObject(notFound);
    expect(await bravoAdmin.mutate('comments.create', { itemId: clip.id, text: 'x' })).toMatchObject(notFound);
    expect(await bravoAdmin.mutate('comments.reply', { commentId: id, text: 'x' })).toMatchObject(notFound);
    expect(await bravoAdmin.mutate('comments.edit', { id, text: 'x' })).toMatchObject(notFound);
    expect(await bravoAdmin.mutate('comments.setResolved', { id, resolved: true })).toMatchObject(notFound);
    expect(await bravoAdmin.mutate('comments.assign', { id, assigneeId: null })).toMatchObject(notFound);
    expect(await bravoAdmin.mutate('comments.delete', { id })).toMatchObject(notFound);
    expect(await bravoAdmin.query('comments.assignees', { itemId: clip.id })).toMatchObject(notFound);
    expect(await tasks(bravoAdmin, 'comments.myTasks', 'all')).toEqual([]);
    expect(await bravoAdmin.query('comments.allTasks', { state: 'all' })).toMatchObject({ ok: true, data: [] });
    expect((await threads(writer.client)).map((c) => c.text)).toContain('Alpha only');
  });
});
