import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mentionToken } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { TCommentView } from '../services/comment.service';
import {
  createNotificationService,
  type TNotificationPage,
  type TNotificationView,
} from '../services/notification.service';
import {
  adminActor,
  adminApiKey,
  insertItem,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import { makeImage, makeTruncatedVideo, makeVideo } from '../testing/media-fixtures';
import { TrpcClient, type TestApp } from '../testing/test-app';
import { TusTestClient } from '../testing/tus-client';

type Tenant = TTwoTenantLibrary['alpha'];

interface TPerson {
  id: string;
  name: string;
  email: string;
  password: string;
  client: TrpcClient;
}

// 2 s and 3.5 s at 12800 ticks a second.
const twoSeconds = 25_600;
const threeAndAHalf = 44_800;

/** Reads server-sent events off a real HTTP response. */
class EventReader {
  private buffer = '';
  private readonly events: Array<{ event: string; data: unknown }> = [];
  private waiters: Array<() => void> = [];
  constructor(readonly response: IncomingMessage) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) this.events.push({ event, data: JSON.parse(data) as unknown });
      }
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  async next(event: string, timeoutMs = 10_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.events.findIndex((e) => e.event === event);
      if (index >= 0) return this.events.splice(index, 1)[0]!.data;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${event} event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

describe.each(testBackends)('notifications on %s', (backend) => {
  let t: TestApp;
  let alpha: Tenant;
  let bravo: Tenant;
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let rita: TPerson;
  let ed: TPerson;
  let blind: TPerson;
  let editorsId: string;
  let viewersId: string;
  let clip: TItemRow;
  let baseUrl: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-notifications-spec-'));

  /** A user in the given groups, signed in. */
  async function person(name: string, groupIds: string[]): Promise<TPerson> {
    const email = `${name}@alpha.test`;
    const password = `${name}-password-1`;
    const user = await t.services.users.create(await adminActor(t, alpha), { email, name, password, groupIds }, null);
    const client = new TrpcClient(t.app);
    await client.login(alpha.tenant.slug, email, password);
    return { id: user.id, name, email, password, client };
  }

  async function page(client: TrpcClient, state: 'unread' | 'read' | 'all' = 'all'): Promise<TNotificationView[]> {
    const result = await client.query<TNotificationPage>('notifications.list', { state, limit: 100 });
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data.notifications;
  }

  async function unread(client: TrpcClient): Promise<number> {
    const result = await client.query<{ unread: number }>('notifications.unreadCount');
    if (!result.ok) throw new Error(result.code);
    return result.data.unread;
  }

  async function comment(client: TrpcClient, input: Record<string, unknown>): Promise<TCommentView> {
    const result = await client.mutate<TCommentView>('comments.create', { itemId: clip.id, ...input });
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data;
  }

  async function reply(client: TrpcClient, commentId: string, text: string): Promise<TCommentView> {
    const result = await client.mutate<TCommentView>('comments.reply', { commentId, text });
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data;
  }

  /** The session cookie of a fresh sign-in, for a real HTTP request. */
  async function sessionCookie(email: string, password: string): Promise<string> {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csrf = health.cookies.find((c) => c.name === 'mam_csrf')!.value;
    const login = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { cookie: `mam_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ organisation: alpha.tenant.slug, email, password }),
    });
    return [`mam_csrf=${csrf}`, ...login.cookies.map((c) => `${c.name}=${c.value}`)].join('; ');
  }

  function openStream(cookie: string | null): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/api/v1/notifications/stream`, {
        headers: cookie ? { cookie, accept: 'text/event-stream' } : { accept: 'text/event-stream' },
      });
      req.on('response', resolve);
      req.on('error', reject);
      req.end();
    });
  }

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend, { media: true }));
    const actor = await adminActor(t, alpha);
    const editors = await t.services.groups.create(actor, { name: 'Editors', permissions: {} }, null);
    const viewers = await t.services.groups.create(actor, { name: 'Viewers', permissions: {} }, null);
    editorsId = editors.id;
    viewersId = viewers.id;
    rita = await person('rita', [viewers.id]);
    ed = await person('ed', [editors.id, viewers.id]);
    // In Editors but not among the item's viewers: a mention of the group must pass them by.
    blind = await person('blind', [editors.id]);
    clip = await insertItem(t, alpha, {
      title: 'Match highlights',
      folderId: root,
      ownerId: alpha.admin.id,
      visibleTo: { level: 'selected_groups', groups: [viewers.id] },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl =
      typeof address === 'string' ? address : `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await t.dispose();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('tells the assignee of a comment at a timecode, by bell and e-mail, and not its author', async () => {
    const before = await unread(rita.client);
    const mails = t.outbox.length;
    const created = await comment(admin, {
      text: 'Logo too early',
      tcIn: twoSeconds,
      tcOut: threeAndAHalf,
      assigneeId: rita.id,
    });
    expect(await unread(rita.client)).toBe(before + 1);
    const [newest] = await page(rita.client, 'unread');
    expect(newest).toMatchObject({
      kind: 'assigned',
      actor: { id: alpha.admin.id, name: alpha.admin.name },
      item: { id: clip.id, title: 'Match highlights' },
      commentId: created.id,
      tcIn: twoSeconds,
      read: false,
      route: `/item-details/${clip.id}?t=${twoSeconds}&comment=${created.id}`,
    });
    expect((await page(admin)).filter((n) => n.commentId === created.id)).toEqual([]);
    const mail = t.outbox.slice(mails).find((m) => m.to === rita.email);
    expect(mail?.subject).toContain('assigned you a comment on Match highlights');
    expect(mail?.text).toContain(`http://mam.test/item-details/${clip.id}?t=${twoSeconds}`);
    expect(mail?.text).toContain('Logo too early');

    // Re-assigning to someone else tells them; the same assignee again does not ring twice.
    const edBefore = await unread(ed.client);
    expect((await admin.mutate('comments.assign', { id: created.id, assigneeId: ed.id })).ok).toBe(true);
    expect(await unread(ed.client)).toBe(edBefore + 1);
    expect((await admin.mutate('comments.assign', { id: created.id, assigneeId: ed.id })).ok).toBe(true);
    expect(await unread(ed.client)).toBe(edBefore + 1);
  });

  it('tells mentioned users and the members of mentioned groups who can see the item, not the author', async () => {
    const counts = { rita: await unread(rita.client), ed: await unread(ed.client), blind: await unread(blind.client) };
    const adminBefore = await unread(admin);
    const text = `Check this ${mentionToken('user', rita.id, 'rita')} and ${mentionToken('group', editorsId, 'Editors')} ${mentionToken('user', alpha.admin.id, 'me')}`;
    const created = await comment(admin, { text, tcIn: twoSeconds });
    expect(await unread(rita.client)).toBe(counts.rita + 1);
    expect(await unread(ed.client)).toBe(counts.ed + 1);
    // blind is in Editors but may not see the item.
    expect(await unread(blind.client)).toBe(counts.blind);
    expect(await unread(admin)).toBe(adminBefore);
    const [forEd] = await page(ed.client, 'unread');
    expect(forEd).toMatchObject({ kind: 'mentioned', commentId: created.id, tcIn: twoSeconds, params: { text } });
    // The mail shows names, not tokens.
    const mail = t.outbox.filter((m) => m.to === ed.email).pop();
    expect(mail?.text).toContain('Check this @rita and @Editors');

    // An edit tells only people it newly mentions.
    const edited = await admin.mutate('comments.edit', {
      id: created.id,
      text: `${text} ${mentionToken('user', blind.id, 'blind')}`,
    });
    expect(edited.ok).toBe(true);
    expect(await unread(rita.client)).toBe(counts.rita + 1);
    expect(await unread(blind.client)).toBe(counts.blind);
  });

  it("e-mails a notification in the recipient's language, else in the organisation's", async () => {
    const kari = await person('kari', [viewersId]);
    expect(await kari.client.mutate('profile.update', { name: 'Kari', language: 'nb' })).toMatchObject({ ok: true });
    let mails = t.outbox.length;
    const created = await comment(admin, { text: 'Logoen kommer for tidlig', tcIn: twoSeconds, assigneeId: kari.id });
    const norwegian = t.outbox.slice(mails).find((m) => m.to === kari.email);
    expect(norwegian).toMatchObject({
      subject: `${alpha.admin.name} tildelte deg en kommentar på Match highlights (${alpha.tenant.name})`,
    });
    expect(norwegian!.text.split('\n')).toEqual([
      'Hei Kari,',
      '',
      `${alpha.admin.name} tildelte deg en kommentar på Match highlights.`,
      '',
      '«Logoen kommer for tidlig»',
      '',
      `Åpne her: http://mam.test/item-details/${clip.id}?t=${twoSeconds}&comment=${created.id}`,
      '',
      'Under Brukerinnstillinger kan du velge hvilke varsler du får på e-post.',
    ]);

    // Rita has no language of her own: the organisation's primary language (here Nynorsk) decides.
    const actor = await adminActor(t, alpha);
    const config = await t.services.tenantConfig.get(actor);
    await t.services.tenantConfig.update(actor, { ...config, primaryTranslationLanguage: 'nn-NO' }, null);
    try {
      mails = t.outbox.length;
      await comment(admin, { text: 'Sjå på fargane', assigneeId: rita.id });
      const nynorsk = t.outbox.slice(mails).find((m) => m.to === rita.email);
      expect(nynorsk?.subject).toBe(
        `${alpha.admin.name} tildelte deg ein kommentar på Match highlights (${alpha.tenant.name})`,
      );
      expect(nynorsk?.text).toContain('Hei rita,');
      // Kari's own language still wins over the organisation's.
      mails = t.outbox.length;
      await comment(admin, { text: 'Og her', assigneeId: kari.id });
      expect(t.outbox.slice(mails).find((m) => m.to === kari.email)?.subject).toContain('tildelte deg en kommentar');
    } finally {
      await t.services.tenantConfig.update(actor, config, null);
    }
  });

  it('tells the thread author and earlier repliers of a reply, never the replier', async () => {
    const thread = await comment(admin, { text: 'Colour is off', tcIn: threeAndAHalf });
    const adminBefore = await unread(admin);
    await reply(rita.client, thread.id, 'Fixed in the grade');
    expect(await unread(admin)).toBe(adminBefore + 1);
    const [toAdmin] = await page(admin, 'unread');
    expect(toAdmin).toMatchObject({
      kind: 'reply',
      actor: { id: rita.id, name: 'rita' },
      item: { id: clip.id },
      tcIn: threeAndAHalf,
    });

    const ritaBefore = await unread(rita.client);
    const edBefore = await unread(ed.client);
    await reply(ed.client, thread.id, 'Looks good now');
    expect(await unread(admin)).toBe(adminBefore + 2);
    expect(await unread(rita.client)).toBe(ritaBefore + 1);
    expect(await unread(ed.client)).toBe(edBefore);
  });

  it('marks one notification read, then all, and pages through the read ones', async () => {
    await comment(admin, { text: 'One', assigneeId: rita.id });
    await comment(admin, { text: 'Two', assigneeId: rita.id });
    const count = await unread(rita.client);
    expect(count).toBeGreaterThanOrEqual(2);
    const [first] = await page(rita.client, 'unread');
    const marked = await rita.client.mutate<{ unread: number }>('notifications.markRead', { id: first!.id });
    expect(marked).toMatchObject({ ok: true, data: { unread: count - 1 } });
    expect((await page(rita.client, 'read')).map((n) => n.id)).toContain(first!.id);
    expect((await page(rita.client, 'unread')).map((n) => n.id)).not.toContain(first!.id);

    const all = await rita.client.mutate<{ marked: number }>('notifications.markAllRead');
    expect(all).toMatchObject({ ok: true, data: { marked: count - 1 } });
    expect(await unread(rita.client)).toBe(0);
    expect(await page(rita.client, 'unread')).toEqual([]);

    const firstPage = await rita.client.query<TNotificationPage>('notifications.list', { state: 'read', limit: 2 });
    if (!firstPage.ok) throw new Error(firstPage.code);
    expect(firstPage.data.notifications).toHaveLength(2);
    const second = await rita.client.query<TNotificationPage>('notifications.list', {
      state: 'read',
      limit: 2,
      cursor: firstPage.data.nextCursor,
    });
    if (!second.ok) throw new Error(second.code);
    const ids = [...firstPage.data.notifications, ...second.data.notifications].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('e-mails only the kinds the user chose', async () => {
    expect(await ed.client.query('notifications.settings')).toMatchObject({
      ok: true,
      data: { emailKinds: ['assigned', 'task_due', 'mentioned'] },
    });
    const saved = await ed.client.mutate('notifications.updateSettings', { emailKinds: ['reply'] });
    expect(saved).toMatchObject({ ok: true, data: { emailKinds: ['reply'] } });
    expect(await ed.client.mutate('notifications.updateSettings', { emailKinds: ['nonsense'] })).toMatchObject({
      ok: false,
      status: 400,
      code: 'VALIDATION_FAILED',
    });

    let mails = t.outbox.length;
    const thread = await comment(admin, { text: 'Trim the end', assigneeId: ed.id });
    expect(t.outbox.slice(mails).filter((m) => m.to === ed.email)).toEqual([]);
    await reply(ed.client, thread.id, 'On it');
    mails = t.outbox.length;
    await reply(admin, thread.id, 'Thanks');
    expect(t.outbox.slice(mails).filter((m) => m.to === ed.email)).toHaveLength(1);
    // Rita's defaults are untouched by ed's choice.
    expect(await rita.client.query('notifications.settings')).toMatchObject({
      data: { emailKinds: ['assigned', 'task_due', 'mentioned'] },
    });
  });

  it('tells the uploader when processing finishes', async () => {
    const key = await adminApiKey(t, alpha);
    const tus = new TusTestClient(t.app, { authorization: `Bearer ${key}` });
    const { itemId } = await tus.upload(makeImage(dir), { filename: 'still.png', title: 'Still' });
    let finished: TNotificationView | undefined;
    for (let i = 0; i < 600 && !finished; i++) {
      finished = (await page(admin)).find((n) => n.item?.id === itemId);
      if (!finished) await new Promise((r) => setTimeout(r, 100));
    }
    expect(finished).toMatchObject({
      kind: 'operation_finished',
      item: { id: itemId, title: 'Still' },
      route: `/item-details/${itemId}`,
    });
  });

  it('tells the uploader when processing fails', async () => {
    const key = await adminApiKey(t, alpha);
    const tus = new TusTestClient(t.app, { authorization: `Bearer ${key}` });
    const { itemId } = await tus.upload(makeTruncatedVideo(dir, makeVideo(dir, 'whole.mp4', 1)), {
      filename: 'broken.mp4',
      title: 'Broken',
    });
    let failed: TNotificationView | undefined;
    for (let i = 0; i < 600 && !failed; i++) {
      failed = (await page(admin)).find((n) => n.item?.id === itemId);
      if (!failed) await new Promise((r) => setTimeout(r, 100));
    }
    expect(failed).toMatchObject({ kind: 'operation_failed', item: { id: itemId, title: 'Broken' } });
    expect(String(failed!.params.error)).toMatch(/\w+/);
  });

  it('streams new notifications to the recipient over server-sent events', async () => {
    const anonymous = await openStream(null);
    expect(anonymous.statusCode).toBe(401);
    anonymous.resume();

    const response = await openStream(await sessionCookie(rita.email, rita.password));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = new EventReader(response);
    const first = (await events.next('unread')) as { unread: number };
    const created = await comment(admin, { text: 'Live one', tcIn: twoSeconds, assigneeId: rita.id });
    const event = (await events.next('notification')) as { notification: TNotificationView; unread: number };
    expect(event).toMatchObject({
      unread: first.unread + 1,
      notification: { kind: 'assigned', commentId: created.id, tcIn: twoSeconds, item: { title: 'Match highlights' } },
    });
    // Someone else's notification does not reach this stream.
    await comment(rita.client, { text: `For ${mentionToken('user', alpha.admin.id, 'the admin')}` });
    await expect(events.next('notification', 1500)).rejects.toThrow('no notification event');

    // A notification written by another process (the media worker) reaches the stream through PostgreSQL NOTIFY;
    // a second service instance over the same database stands in for that process here.
    if (backend === 'postgres') {
      const worker = createNotificationService(t.services.deps);
      await worker.notify(alpha.tenant.id, {
        kind: 'operation_failed',
        recipients: { users: [rita.id] },
        itemId: clip.id,
        params: { operation: 'transcode', error: 'Unsupported codec' },
      });
      const fromWorker = (await events.next('notification')) as { notification: TNotificationView };
      expect(fromWorker.notification).toMatchObject({ kind: 'operation_failed', item: { id: clip.id } });

      // Without the LISTEN connection, a stream finds other processes' notifications by polling.
      await t.services.notifications.close();
      expect(t.services.notifications.hearsOtherProcesses()).toBe(false);
      const polling = await openStream(await sessionCookie(rita.email, rita.password));
      const polled = new EventReader(polling);
      await polled.next('unread');
      await worker.notify(alpha.tenant.id, {
        kind: 'operation_finished',
        recipients: { users: [rita.id] },
        itemId: clip.id,
      });
      const found = (await polled.next('notification', 15_000)) as { notification: TNotificationView };
      expect(found.notification).toMatchObject({ kind: 'operation_finished', item: { id: clip.id } });
      polling.destroy();
      await worker.close();
    }
    response.destroy();
  });

  it("keeps tenants apart: tenant B never lists or marks tenant A's notifications", async () => {
    await comment(admin, { text: 'Tenant A only', assigneeId: rita.id });
    const [ritas] = await page(rita.client, 'unread');
    expect(ritas).toBeDefined();
    expect(await page(bravoAdmin)).toEqual([]);
    expect(await unread(bravoAdmin)).toBe(0);
    expect(await bravoAdmin.mutate('notifications.markRead', { id: ritas!.id })).toMatchObject({
      ok: false,
      status: 404,
      code: 'NOT_FOUND',
    });
    // Nor another user of the same tenant.
    expect(await ed.client.mutate('notifications.markRead', { id: ritas!.id })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await bravoAdmin.mutate('notifications.markAllRead')).toMatchObject({ ok: true, data: { marked: 0 } });
    expect((await page(rita.client, 'unread')).map((n) => n.id)).toContain(ritas!.id);
    expect(bravo.tenant.id).not.toBe(alpha.tenant.id);
    expect(await new TrpcClient(t.app).query('notifications.list')).toMatchObject({ ok: false, status: 401 });
  });
});
