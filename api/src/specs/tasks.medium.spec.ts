import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import { taskReminderWorkflowId } from '@mam/workflows';
import type { TCommentView, TTaskView } from '../services/comment.service';
import type { THistoryEvent } from '../services/items/item-library.service';
import {
  addMember,
  adminApiKey,
  insertItem,
  setEveryonePermissions,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const HOUR = 60 * 60 * 1000;
const forbidden = { ok: false, status: 403, code: 'COMMENT_FORBIDDEN' };
const notFound = { ok: false, status: 404, code: 'NOT_FOUND' };

/**
 * Tasks (issue 22): an assigned comment with a status, a due date and a priority, listed and sorted in My tasks,
 * with a durable reminder before the due date that follows the task's changes.
 */
describe.each(testBackends)('tasks on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let bravoAdmin: TrpcClient;
  let root: string;
  let creator: TMember;
  let assignee: TMember;
  let bystander: TMember;
  let clip: TItemRow;
  let alphaKey: string;
  let bravoKey: string;

  beforeAll(async () => {
    // media: the workflow runtime runs, so reminders are real runs.
    ({ t, alpha, bravo, bravoAdmin, root } = await twoTenantLibrary(backend, { media: true }));
    await setEveryonePermissions(t, alpha, { commentRead: false, commentStatus: false });
    const writes = { commentRead: true, commentWrite: true, commentStatus: true };
    creator = await addMember(t, alpha, 'creator', { ...writes, commentAssign: true });
    assignee = await addMember(t, alpha, 'assignee', writes);
    bystander = await addMember(t, alpha, 'bystander', writes);
    clip = await insertItem(t, alpha, { title: 'Evening news', folderId: root, ownerId: creator.id });
    alphaKey = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
  }, 120_000);
  afterAll(() => t.dispose());

  const rest = (key: string, method: 'GET' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload: payload as object } : {}),
    });
  const ok = <T>(result: { ok: boolean; data?: unknown; code?: string }): T => {
    if (!result.ok) throw new Error(result.code);
    return result.data as T;
  };
  const inHours = (hours: number) => new Date(t.clock.now.getTime() + hours * HOUR).toISOString();
  const task = async (text: string, extra: Record<string, unknown> = {}) =>
    ok<TCommentView>(
      await creator.client.mutate('comments.create', { itemId: clip.id, text, assigneeId: assignee.id, ...extra }),
    );
  const update = (client: TrpcClient, input: Record<string, unknown>) =>
    client.mutate<TCommentView>('comments.updateTask', input);
  const myTasks = async (client: TrpcClient, input: Record<string, unknown>) =>
    ok<TTaskView[]>(await client.query('comments.myTasks', { state: 'all', limit: 500, ...input }));
  const reminders = async () =>
    ok<{ notifications: Array<{ kind: string; commentId: string | null; params: Record<string, unknown> }> }>(
      await assignee.client.query('notifications.list', {}),
    ).notifications.filter((n) => n.kind === 'task_due');

  it('moves a task open → in progress → done and back, with a due date and a priority', async () => {
    const created = await task('Cut the intro', { dueAt: inHours(72), priority: 'high' });
    expect(created).toMatchObject({ status: 'open', priority: 'high', dueAt: inHours(72), canPlan: true });
    const started = ok<TCommentView>(await update(assignee.client, { id: created.id, status: 'in_progress' }));
    expect(started).toMatchObject({ status: 'in_progress', resolved: false, canPlan: false });
    expect(started.startedAt).not.toBeNull();
    const done = ok<TCommentView>(await update(assignee.client, { id: created.id, status: 'done' }));
    expect(done).toMatchObject({ status: 'done', resolved: true, resolvedBy: { id: assignee.id } });
    expect(ok<TCommentView>(await update(assignee.client, { id: created.id, status: 'in_progress' }))).toMatchObject({
      status: 'in_progress',
      resolved: false,
    });
    const replanned = ok<TCommentView>(
      await update(creator.client, { id: created.id, dueAt: null, priority: 'urgent' }),
    );
    expect(replanned).toMatchObject({ dueAt: null, priority: 'urgent' });
  });

  it('lets the assignee change the status only, and others neither', async () => {
    const created = await task('Check the captions');
    expect(await update(assignee.client, { id: created.id, dueAt: inHours(5) })).toMatchObject(forbidden);
    expect(await update(assignee.client, { id: created.id, priority: 'low' })).toMatchObject(forbidden);
    expect(await update(bystander.client, { id: created.id, status: 'done' })).toMatchObject(forbidden);
    expect(await update(creator.client, { id: created.id, priority: 'sometime' })).toMatchObject({ status: 400 });
    expect(await update(creator.client, { id: created.id, dueAt: 'tomorrow' })).toMatchObject({ status: 400 });
  });

  it('audits each change with its before and after values', async () => {
    const created = await task('Grade the opener', { dueAt: inHours(48) });
    await update(creator.client, { id: created.id, priority: 'urgent', dueAt: inHours(24) });
    await update(assignee.client, { id: created.id, status: 'done' });
    const history = ok<THistoryEvent[]>(await creator.client.query('items.history', { itemId: clip.id, limit: 20 }));
    const changes = history
      .filter((e) => e.action === 'comment.task_changed' && e.details.commentId === created.id)
      .map((e) => ({ who: e.actorEmail, changes: e.details.changes }));
    expect(changes).toEqual([
      { who: assignee.email, changes: { status: { from: 'open', to: 'done' } } },
      {
        who: creator.email,
        changes: { dueAt: { from: inHours(48), to: inHours(24) }, priority: { from: 'normal', to: 'urgent' } },
      },
    ]);
  });

  it('lists my tasks by status and sorted by due date, priority or creation', async () => {
    const later = await task('Sorted: later', { dueAt: inHours(200), priority: 'low' });
    const sooner = await task('Sorted: sooner', { dueAt: inHours(100), priority: 'normal' });
    const undated = await task('Sorted: undated', { priority: 'urgent' });
    await update(assignee.client, { id: sooner.id, status: 'in_progress' });
    const ids = (tasks: TTaskView[]) =>
      tasks.map((x) => x.comment.id).filter((id) => [later.id, sooner.id, undated.id].includes(id));
    expect(ids(await myTasks(assignee.client, { sort: 'due' }))).toEqual([sooner.id, later.id, undated.id]);
    expect(ids(await myTasks(assignee.client, { sort: 'priority' }))).toEqual([undated.id, sooner.id, later.id]);
    expect(ids(await myTasks(assignee.client, { sort: 'created' }))).toEqual([undated.id, sooner.id, later.id]);
    expect(ids(await myTasks(assignee.client, { status: 'in_progress' }))).toEqual([sooner.id]);
    expect(ids(await myTasks(assignee.client, { status: 'open', sort: 'due' }))).toEqual([later.id, undated.id]);
    expect(ids(await myTasks(creator.client, {}))).toEqual([]);
  });

  it('reminds the assignee before the due date, in the bell and by e-mail', async () => {
    const created = await task('Deliver the promo', { dueAt: inHours(3) });
    const workflowId = taskReminderWorkflowId(alpha.tenant.id, created.id);
    expect(await t.services.deps.workflows!.result(workflowId)).toBe('reminded');
    const reminded = (await reminders()).filter((n) => n.commentId === created.id);
    expect(reminded).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ dueAt: inHours(3), title: 'Evening news' }) }),
    ]);
    const mail = t.outbox.find(
      (m) => m.to === assignee.email && m.text.includes('Deliver the promo') && /due/.test(m.subject),
    );
    expect(mail?.subject).toMatch(/Your task on Evening news is due/);
  });

  it('moves the reminder with the due date, and drops it when the task is done', async () => {
    const created = await task('Archive the rushes', { dueAt: inHours(24 * 30) });
    const workflowId = taskReminderWorkflowId(alpha.tenant.id, created.id);
    const engine = t.services.deps.workflows!;
    expect((await engine.describe(workflowId)).status).toBe('RUNNING');
    await update(creator.client, { id: created.id, dueAt: inHours(2) });
    expect(await engine.result(workflowId)).toBe('reminded');
    expect((await reminders()).filter((n) => n.commentId === created.id)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ dueAt: inHours(2) }) }),
    ]);

    const dropped = await task('Never mind', { dueAt: inHours(24 * 30) });
    const droppedId = taskReminderWorkflowId(alpha.tenant.id, dropped.id);
    expect((await engine.describe(droppedId)).status).toBe('RUNNING');
    await update(assignee.client, { id: dropped.id, status: 'done' });
    expect(await engine.result(droppedId)).toBe('not-needed');
    expect((await reminders()).filter((n) => n.commentId === dropped.id)).toEqual([]);
  });

  it('serves my tasks and task changes over REST', async () => {
    const admin = alpha.admin.id;
    const created = ok<TCommentView>(
      await creator.client.mutate('comments.create', { itemId: clip.id, text: 'For the admin', assigneeId: admin }),
    );
    const patched = await rest(alphaKey, 'PATCH', `/comments/${created.id}/task`, {
      status: 'in_progress',
      priority: 'high',
      dueAt: inHours(50),
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ status: 'in_progress', priority: 'high', dueAt: inHours(50) });
    const listed = await rest(alphaKey, 'GET', '/tasks?status=in_progress&sort=due');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { tasks: TTaskView[] }).tasks.map((x) => x.comment.id)).toContain(created.id);
    expect((await rest(alphaKey, 'GET', '/tasks?sort=soon')).statusCode).toBe(400);
  });

  it("gives tenant B nothing of tenant A's tasks", async () => {
    const created = await task('Alpha only', { dueAt: inHours(30) });
    expect(await update(bravoAdmin, { id: created.id, status: 'done' })).toMatchObject(notFound);
    expect(await myTasks(bravoAdmin, {})).toEqual([]);
    expect(ok<TTaskView[]>(await bravoAdmin.query('comments.allTasks', { state: 'all' }))).toEqual([]);
    const patched = await rest(bravoKey, 'PATCH', `/comments/${created.id}/task`, { status: 'done' });
    expect(patched.statusCode).toBe(404);
    const listed = await rest(bravoKey, 'GET', '/tasks?status=open');
    expect((listed.json() as { tasks: unknown[] }).tasks).toEqual([]);
    expect(ok<TCommentView>(await update(assignee.client, { id: created.id, status: 'open' }))).toMatchObject({
      status: 'open',
    });
  });
});
