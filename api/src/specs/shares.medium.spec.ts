import { Readable } from 'node:stream';
import { formatMailDateTime } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TCommentThread } from '../services/comment.service';
import { versionMediaPrefix } from '../services/items/item-view';
import type { TPublicShare, TPublicShareItem } from '../services/shares/share-public.service';
import type { TShareEmailView, TShareView } from '../services/shares/share.service';
import {
  addMember,
  adminActor,
  insertItem,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'open sesame';

/** A fresh browser: its own cookies (visitor id, unlock cookies), no session. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
  }

  async request(method: 'GET' | 'POST' | 'HEAD', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    this.store(response);
    return response;
  }

  async open(token: string): Promise<TPublicShare> {
    return (await this.request('GET', `/api/v1/public/shares/${token}`)).json();
  }

  async unlock(token: string, password: string) {
    const response = await this.request('POST', `/api/v1/public/shares/${token}/unlock`, { password });
    return { status: response.statusCode, body: response.json() as { state?: string; code?: string } };
  }
}

function tokenOf(share: TShareView): string {
  return share.link.split('/s/')[1]!;
}

function okShare(page: TPublicShare) {
  if (page.state !== 'ok') throw new Error(`share is ${page.state}`);
  return page;
}

describe.each(testBackends)('shares on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let root: string;
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let colleague: TMember;
  let clip: TItemRow;
  let other: TItemRow;
  let bravoClip: TItemRow;

  /** An item with media files in the tenant's built-in storage: HLS with a segment, MP4 proxy, thumbnail, original. */
  async function itemWithMedia(tenant: typeof alpha, title: string, folderId?: string): Promise<TItemRow> {
    const storage = (await t.services.deps.repos.storageLocations.findBuiltIn(tenant.tenant.id))!;
    const item = await insertItem(t, tenant, {
      title,
      folderId: folderId ?? (tenant === alpha ? root : null),
      ownerId: tenant.admin.id,
      storageId: storage.id,
      generatedStorageId: storage.id,
    });
    const versionId = item.leadingVersionId!;
    const files = await t.services.storages.resolve(tenant.tenant.id, storage.id);
    const prefix = versionMediaPrefix(tenant.tenant.id, item.id, versionId);
    const put = (key: string, text: string) => files.put(key, Readable.from([Buffer.from(text)]));
    await put(`${prefix}/hls/master.m3u8`, '#EXTM3U\nseg0.ts\n');
    await put(`${prefix}/hls/seg0.ts`, `segment of ${title}`);
    await put(`${prefix}/proxy.mp4`, `proxy of ${title}`);
    await put(`${prefix}/thumb.jpg`, `thumbnail of ${title}`);
    await put(`${tenant.tenant.id}/originals/${item.id}.mxf`, `original of ${title}`);
    await t.services.deps.repos.items.updateVersion(tenant.tenant.id, versionId, {
      originalKey: `${tenant.tenant.id}/originals/${item.id}.mxf`,
      renditions: { hlsMaster: 'hls/master.m3u8', proxyMp4: 'proxy.mp4', thumbnail: 'thumb.jpg' },
    });
    return item;
  }

  beforeAll(async () => {
    ({ t, alpha, bravo, root, admin, bravoAdmin } = await twoTenantLibrary(backend));
    colleague = await addMember(t, alpha, 'colleague', { shareMedia: true });
    clip = await itemWithMedia(alpha, 'Final cut');
    other = await itemWithMedia(alpha, 'Rough cut');
    bravoClip = await itemWithMedia(bravo, 'Bravo secret');
    // Two tenants with members on PGlite take a while on a busy machine.
  }, 120_000);
  afterAll(() => t.dispose());
  afterEach(() => {
    if (t) t.clock.now = new Date();
  });

  async function created(client: TrpcClient, input: Record<string, unknown>): Promise<TShareView> {
    const result = await client.mutate<TShareView>('shares.create', {
      pageTitle: 'For the client',
      itemIds: [clip.id],
      ...input,
    });
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data;
  }

  async function mine(client: TrpcClient): Promise<TShareView[]> {
    const result = await client.query<TShareView[]>('shares.listMine');
    if (!result.ok) throw new Error(result.code);
    return result.data;
  }

  it("caps expiry and views by the tenant's maximums and checks the password", async () => {
    const actor = await adminActor(t, alpha);
    const config = await t.services.tenantConfig.get(actor);
    await t.services.tenantConfig.update(actor, { ...config, shareMaxValidDays: 10, shareMaxViews: 5 }, null);
    try {
      const share = await created(admin, {});
      expect(share).toMatchObject({
        maxViews: 5,
        viewsUsed: 0,
        remainingViews: 5,
        state: 'active',
        hasPassword: false,
      });
      expect(new Date(share.expiresAt!).getTime() - t.clock.now.getTime()).toBeCloseTo(10 * DAY, -5);
      expect(share.link).toMatch(/^http:\/\/mam\.test\/s\/[A-Za-z0-9_-]{43}$/);
      const create = (input: Record<string, unknown>) =>
        admin.mutate('shares.create', { pageTitle: 'x', itemIds: [clip.id], ...input });
      expect(await create({ maxViews: 6 })).toMatchObject({ ok: false, code: 'SHARE_VIEWS_TOO_MANY' });
      expect(await create({ expiresAt: new Date(t.clock.now.getTime() + 11 * DAY).toISOString() })).toMatchObject({
        ok: false,
        code: 'SHARE_EXPIRY_TOO_LATE',
      });
      expect(await create({ expiresAt: new Date(t.clock.now.getTime() - DAY).toISOString() })).toMatchObject({
        ok: false,
        code: 'EXPIRY_IN_PAST',
      });
      expect(await create({ password: 'short' })).toMatchObject({ ok: false, code: 'SHARE_PASSWORD_TOO_SHORT' });
      expect(await create({ itemIds: [] })).toMatchObject({ ok: false, code: 'SHARE_EMPTY' });
      expect(await create({ pageTitle: '   ' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    } finally {
      await t.services.tenantConfig.update(actor, { ...config, shareMaxValidDays: null, shareMaxViews: null }, null);
    }
    // The product defaults when the tenant has none.
    expect(await created(admin, {})).toMatchObject({ maxViews: 100 });
  });

  it('needs shareMedia and an item the user can see', async () => {
    const plain = await addMember(t, alpha, 'plain');
    expect(await plain.client.mutate('shares.create', { pageTitle: 'x', itemIds: [clip.id] })).toMatchObject({
      ok: false,
      status: 403,
      code: 'SHARE_FORBIDDEN',
    });
    const hidden = await insertItem(t, alpha, {
      title: 'Hidden',
      folderId: root,
      ownerId: alpha.admin.id,
      visibleTo: { level: 'owner', groups: [] },
    });
    expect(await colleague.client.mutate('shares.create', { pageTitle: 'x', itemIds: [hidden.id] })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });

  it("invites recipients, refusing 'Invalid email address' by name, and keeps the e-mail history", async () => {
    const share = await created(admin, { message: 'Have a look' });
    const bad = await admin.mutate('shares.invite', { id: share.id, recipients: 'a@x.no, b@y.no; c@z' });
    expect(bad).toMatchObject({ ok: false, status: 400, code: 'INVALID_EMAIL', message: 'Invalid email address' });
    expect(
      (bad as { body: { error: { data: { appError: { params: { email: string } } } } } }).body.error.data.appError
        .params.email,
    ).toBe('c@z');
    const before = t.outbox.length;
    const sent = await admin.mutate<{ sent: string[] }>('shares.invite', {
      id: share.id,
      recipients: 'a@x.no, b@y.no; c@z.no',
      message: 'Please review by Friday',
    });
    expect(sent).toMatchObject({ ok: true, data: { sent: ['a@x.no', 'b@y.no', 'c@z.no'] } });
    const mails = t.outbox.slice(before);
    expect(mails.map((m) => m.to)).toEqual(['a@x.no', 'b@y.no', 'c@z.no']);
    expect(mails[0]!.text).toContain('Please review by Friday');
    expect(mails[0]!.text).toContain(share.link);
    const history = await admin.query<TShareEmailView[]>('shares.emailHistory', { id: share.id });
    expect(history.ok && history.data.map((e) => e.recipient).sort()).toEqual(['a@x.no', 'b@y.no', 'c@z.no']);
    expect(history.ok && history.data[0]!.message).toBe('Please review by Friday');
  });

  it("writes the invitation in the sender's language, dated in the organisation's time zone", async () => {
    const actor = await adminActor(t, alpha);
    const config = await t.services.tenantConfig.get(actor);
    await t.services.tenantConfig.update(actor, { ...config, timezone: 'Europe/Paris' }, null);
    expect(await colleague.client.mutate('profile.update', { name: 'Colette', language: 'fr' })).toMatchObject({
      ok: true,
    });
    try {
      const expiresAt = new Date(Math.floor((t.clock.now.getTime() + 3 * DAY) / 60_000) * 60_000);
      const share = await created(colleague.client, {
        pageTitle: 'Finale',
        expiresAt: expiresAt.toISOString(),
        message: 'À vendredi',
      });
      const before = t.outbox.length;
      expect(
        await colleague.client.mutate('shares.invite', { id: share.id, recipients: 'reviewer@outside.test' }),
      ).toMatchObject({ ok: true });
      const [mail] = t.outbox.slice(before);
      expect(mail!.subject).toBe('Colette a partagé « Finale » avec vous');
      const lines = mail!.text.split('\n');
      expect(lines.slice(0, 5)).toEqual([
        'Colette a partagé « Finale » avec vous.',
        '',
        'À vendredi',
        '',
        `Ouvrir le partage : ${share.link}`,
      ]);
      expect(lines.slice(5)).toEqual([
        '',
        `Le lien est valable jusqu'au ${formatMailDateTime('fr', expiresAt, 'Europe/Paris')}.`,
      ]);
      expect(lines.at(-1)).toMatch(/ UTC\+[12]\.$/);
    } finally {
      await colleague.client.mutate('profile.update', { name: 'colleague', language: null });
      await t.services.tenantConfig.update(actor, config, null);
    }
  });

  it('asks for the password, refuses a wrong one and slows guessing down, then opens with the right one', async () => {
    const share = await created(admin, { password: PASSWORD });
    const token = tokenOf(share);
    const browser = new Browser(t.app);
    expect(await browser.open(token)).toEqual({ state: 'password_required' });
    for (let i = 0; i < 5; i++) {
      expect(await browser.unlock(token, 'guess')).toMatchObject({
        status: 401,
        body: { code: 'SHARE_PASSWORD_WRONG' },
      });
    }
    // Blocked now, even for the right password, until the delay has passed.
    expect(await browser.unlock(token, PASSWORD)).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(await browser.open(token)).toEqual({ state: 'password_required' });
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    expect(await browser.unlock(token, PASSWORD)).toMatchObject({ status: 200, body: { state: 'ok' } });
    const page = okShare(await browser.open(token));
    expect(page.items.map((i) => i.title)).toEqual(['Final cut']);
    // Another browser has no unlock cookie.
    expect(await new Browser(t.app).open(token)).toEqual({ state: 'password_required' });
    // Views are only used by browsers that got in.
    expect((await mine(admin)).find((s) => s.id === share.id)).toMatchObject({ viewsUsed: 1, visits: 1 });
  });

  it("slows a guesser down without locking out the link's visitors elsewhere", async () => {
    const token = tokenOf(await created(admin, { password: PASSWORD }));
    const guesser = new Browser(t.app, '198.51.100.66');
    for (let i = 0; i < 5; i++) await guesser.unlock(token, `guess-${i}`);
    const blocked = await guesser.request('POST', `/api/v1/public/shares/${token}/unlock`, { password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await new Browser(t.app, '192.0.2.10').unlock(token, PASSWORD)).toMatchObject({
      status: 200,
      body: { state: 'ok' },
    });
  });

  it('lets an unlocked browser back in after the views of a password share are used up', async () => {
    // Clear of the guessing slow-down the test before left on this client address.
    t.clock.now = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const share = await created(admin, { password: PASSWORD, maxViews: 2, allowComments: true });
    const token = tokenOf(share);
    const [first, second, third] = [new Browser(t.app), new Browser(t.app), new Browser(t.app)];
    for (const browser of [first, second]) {
      expect(await browser.open(token)).toEqual({ state: 'password_required' });
      expect((await browser.unlock(token, PASSWORD)).body).toEqual({ state: 'ok' });
      okShare(await browser.open(token));
    }
    const comment = await first.request('POST', `/api/v1/public/shares/${token}/comments`, {
      itemId: clip.id,
      name: 'Olga Outside',
      text: 'Revisit',
      tcIn: 0,
    });
    expect(comment.statusCode).toBe(200);
    expect(await third.open(token)).toEqual({ state: 'exhausted' });
    okShare(await first.open(token));
  });

  it('counts unique visitors down: the third browser of a two-view share is refused, revisits are free', async () => {
    const share = await created(admin, { maxViews: 2 });
    const token = tokenOf(share);
    const [first, second, third] = [new Browser(t.app), new Browser(t.app), new Browser(t.app)];
    okShare(await first.open(token));
    okShare(await first.open(token));
    expect((await mine(admin)).find((s) => s.id === share.id)).toMatchObject({ viewsUsed: 1, remainingViews: 1 });
    okShare(await second.open(token));
    expect(await third.open(token)).toEqual({ state: 'exhausted' });
    okShare(await first.open(token));
    expect((await mine(admin)).find((s) => s.id === share.id)).toMatchObject({
      viewsUsed: 2,
      remainingViews: 0,
      visits: 2,
      state: 'exhausted',
    });
  });

  it('closes expired and revoked links with no content', async () => {
    const expiring = await created(admin, { expiresAt: new Date(t.clock.now.getTime() + DAY).toISOString() });
    const browser = new Browser(t.app);
    const page = okShare(await browser.open(tokenOf(expiring)));
    t.clock.now = new Date(t.clock.now.getTime() + 2 * DAY);
    expect(await browser.open(tokenOf(expiring))).toEqual({ state: 'expired' });
    expect((await browser.request('GET', page.items[0]!.urls.thumbnail!)).statusCode).toBe(410);
    t.clock.now = new Date();

    const revoked = await created(admin, {});
    const visitor = new Browser(t.app);
    const open = okShare(await visitor.open(tokenOf(revoked)));
    expect(await admin.mutate('shares.revoke', { id: revoked.id })).toMatchObject({
      ok: true,
      data: { state: 'revoked' },
    });
    expect(await visitor.open(tokenOf(revoked))).toEqual({ state: 'revoked' });
    expect((await visitor.request('GET', open.items[0]!.urls.hls!)).statusCode).toBe(410);
    expect(await admin.mutate('shares.update', { id: revoked.id, pageTitle: 'again' })).toMatchObject({
      ok: false,
      code: 'SHARE_CLOSED',
    });
  });

  it('serves media only through signed URLs that expire, for the renditions the share allows', async () => {
    const share = await created(admin, { itemIds: [clip.id, other.id], allowDownload: false });
    const browser = new Browser(t.app);
    const page = okShare(await browser.open(tokenOf(share)));
    const [item] = page.items as [TPublicShareItem];
    expect(item.urls.downloadOriginal).toBeNull();
    expect(item.urls.downloadProxy).toBeNull();

    const master = await browser.request('GET', item.urls.hls!);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // The segment's relative URL resolves under the same signed path.
    const segment = await browser.request('GET', new URL('seg0.ts', `http://x${item.urls.hls!}`).pathname);
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toBe('segment of Final cut');
    const ranged = await browser.request('GET', item.urls.mp4!, undefined, { range: 'bytes=0-4' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('proxy');
    // Anyone holding the URL gets it until it expires: it is the signature that counts, not a cookie.
    expect((await new Browser(t.app).request('GET', item.urls.thumbnail!)).statusCode).toBe(200);

    const parts = item.urls.thumbnail!.split('/');
    const sigAt = parts.length - 2;
    const tampered = [...parts];
    tampered[sigAt] = `${tampered[sigAt]!.slice(0, -2)}AA`;
    expect((await browser.request('GET', tampered.join('/'))).statusCode).toBe(403);
    // The same signature does not open another item, another path or another kind.
    const otherItem = item.urls.thumbnail!.replace(clip.id, other.id);
    expect((await browser.request('GET', otherItem)).statusCode).toBe(403);
    expect((await browser.request('GET', item.urls.thumbnail!.replace('thumb.jpg', 'proxy.mp4'))).statusCode).toBe(404);
    expect((await browser.request('GET', item.urls.thumbnail!.replace('/still/', '/original/'))).statusCode).toBe(403);
    // The original is not offered without downloads and high res.
    const originalUrl = item.urls.thumbnail!.replace('/still/', '/original/').replace('thumb.jpg', 'original');
    expect((await browser.request('GET', originalUrl)).statusCode).toBe(403);

    t.clock.now = new Date(t.clock.now.getTime() + 5 * 60 * 60 * 1000);
    const expired = await browser.request('GET', item.urls.thumbnail!);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'SHARE_MEDIA_LINK_INVALID' });
  });

  it("shows a shared folder's items with those of the subfolders its owner may see, and plays them", async () => {
    async function folder(name: string, parentId: string, visibleTo?: object): Promise<string> {
      const made = await admin.mutate<{ id: string }>('folders.create', { name, parentId });
      if (!made.ok) throw new Error(made.code);
      if (visibleTo) {
        const restricted = await admin.mutate('folders.setAccess', { id: made.data.id, visibleTo });
        if (!restricted.ok) throw new Error(restricted.code);
      }
      return made.data.id;
    }
    const matchDay = await folder('Match day', root);
    const goals = await folder('Goals', matchDay);
    const boardOnly = await folder('Board only', matchDay, { level: 'owner', groups: [] });
    await itemWithMedia(alpha, 'Kickoff', matchDay);
    const goal = await itemWithMedia(alpha, 'Winning goal', goals);
    await itemWithMedia(alpha, 'Contract talks', boardOnly);

    // The colleague shares the folder: the administrator's owner-only subfolder stays out, as it is for them.
    const share = await created(colleague.client, { itemIds: [], folderId: matchDay });
    const browser = new Browser(t.app);
    const page = okShare(await browser.open(tokenOf(share)));
    expect(page.items.map((item) => item.title).sort()).toEqual(['Kickoff', 'Winning goal']);
    const shown = page.items.find((item) => item.id === goal.id)!;
    expect((await browser.request('GET', shown.urls.thumbnail!)).statusCode).toBe(200);

    // Moved out of the shared tree, the item is gone from the page and its media with it.
    await t.services.deps.repos.items.update(alpha.tenant.id, goal.id, { folderId: root });
    expect(okShare(await browser.open(tokenOf(share))).items.map((item) => item.title)).toEqual(['Kickoff']);
    expect((await browser.request('GET', shown.urls.thumbnail!)).statusCode).toBe(404);
  });

  it('offers and counts downloads only when the share allows them', async () => {
    const share = await created(admin, { allowDownload: true, highRes: true, editProxy: true });
    const browser = new Browser(t.app);
    const [item] = okShare(await browser.open(tokenOf(share))).items as [TPublicShareItem];
    const original = await browser.request('GET', item.urls.downloadOriginal!);
    expect(original.statusCode).toBe(200);
    expect(original.body).toBe('original of Final cut');
    expect(original.headers['content-disposition']).toContain('attachment');
    const proxy = await browser.request('GET', item.urls.downloadProxy!);
    expect(proxy.statusCode).toBe(200);
    // Playing the proxy is no download.
    await browser.request('GET', item.urls.mp4!, undefined, { range: 'bytes=2-4' });
    expect((await mine(admin)).find((s) => s.id === share.id)).toMatchObject({ downloads: 2 });

    const noHighRes = await created(admin, { allowDownload: true, highRes: false });
    const [plain] = okShare(await browser.open(tokenOf(noHighRes))).items as [TPublicShareItem];
    expect(plain.urls.downloadOriginal).toBeNull();
    expect(plain.urls.downloadProxy).toBeNull();
  });

  it('plays before the proxy exists: the original where the share gives it, HLS while it grows', async () => {
    const early = await itemWithMedia(alpha, 'Early cut');
    const versionId = early.leadingVersionId!;
    const setVersion = (renditions: Record<string, unknown>) =>
      t.services.deps.repos.items.updateVersion(alpha.tenant.id, versionId, {
        renditions,
        media: {
          durationSeconds: 2,
          frameRate: '25/1',
          width: 320,
          height: 180,
          videoCodec: 'h264',
          audioCodec: 'aac',
          audioChannels: 2,
          sampleRate: 48000,
          container: 'mp4',
          mimeType: 'video/mp4',
          bitRate: 1_000_000,
          timecodeStart: null,
          segmentCount: null,
          segmentDuration: null,
        },
      });
    await setVersion({ thumbnail: 'thumb.jpg' });
    const share = await created(admin, {
      itemIds: [early.id],
      webProxy: true,
      allowDownload: true,
      highRes: true,
    });
    const browser = new Browser(t.app);
    const [item] = okShare(await browser.open(tokenOf(share))).items as [TPublicShareItem];
    expect(item.playback?.kind).toBe('original');
    expect(item.playback!.url).toContain('/play/');
    const played = await browser.request('GET', item.playback!.url, undefined, { range: 'bytes=0-7' });
    expect(played.statusCode).toBe(206);
    expect(played.body).toBe('original');
    expect(played.headers['content-disposition']).toBeUndefined();
    // Watching is no download, and the signature to watch does not open the download.
    expect((await mine(admin)).find((s) => s.id === share.id)).toMatchObject({ downloads: 0 });
    expect((await browser.request('GET', item.playback!.url.replace('/play/', '/original/'))).statusCode).toBe(403);

    // A share that does not give the original plays nothing until the HLS is there, then plays it as it grows.
    const watchOnly = await created(admin, { itemIds: [early.id], webProxy: true, allowDownload: false });
    expect((okShare(await browser.open(tokenOf(watchOnly))).items[0] as TPublicShareItem).playback).toBeNull();
    expect(
      (await browser.request('GET', item.playback!.url.replace(tokenOf(share), tokenOf(watchOnly)))).statusCode,
    ).toBe(403);
    await setVersion({ thumbnail: 'thumb.jpg', hlsMaster: 'hls/master.m3u8', hlsGrowing: true });
    const [growing] = okShare(await browser.open(tokenOf(watchOnly))).items as [TPublicShareItem];
    expect(growing.playback).toEqual({ url: growing.urls.hls, kind: 'growing' });
    const master = await browser.request('GET', growing.playback!.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toBe('no-store');
    const segment = await browser.request('GET', new URL('seg0.ts', `http://x${growing.playback!.url}`).pathname);
    expect(segment.headers['cache-control']).toContain('immutable');

    await setVersion({ thumbnail: 'thumb.jpg', hlsMaster: 'hls/master.m3u8' });
    const [done] = okShare(await browser.open(tokenOf(watchOnly))).items as [TPublicShareItem];
    expect(done.playback).toEqual({ url: done.urls.hls, kind: 'proxy' });
    expect((await browser.request('GET', done.playback!.url)).headers['cache-control']).toBe('private, no-cache');
  });

  it("takes outside reviewers' comments when allowed and shows them to the team as external", async () => {
    const closed = await created(admin, {});
    const browser = new Browser(t.app);
    okShare(await browser.open(tokenOf(closed)));
    const refused = await browser.request('POST', `/api/v1/public/shares/${tokenOf(closed)}/comments`, {
      itemId: clip.id,
      name: 'Olga Outside',
      text: 'Nice',
    });
    expect(refused.statusCode).toBe(403);

    const share = await created(admin, { allowComments: true });
    const token = tokenOf(share);
    const page = okShare(await browser.open(token));
    expect(page).toMatchObject({ allowComments: true, reviewerName: null });
    const response = await browser.request('POST', `/api/v1/public/shares/${token}/comments`, {
      itemId: clip.id,
      name: 'Olga Outside',
      text: 'The logo comes in too early',
      tcIn: 25_600,
    });
    expect(response.statusCode).toBe(200);
    expect(okShare(await browser.open(token)).reviewerName).toBe('Olga Outside');
    // Not on items outside the share; not from a browser that never opened the link.
    expect(
      (
        await browser.request('POST', `/api/v1/public/shares/${token}/comments`, {
          itemId: bravoClip.id,
          name: 'Olga Outside',
          text: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await new Browser(t.app).request('POST', `/api/v1/public/shares/${token}/comments`, {
          itemId: clip.id,
          name: 'Mallory',
          text: 'x',
        })
      ).statusCode,
    ).toBe(410);

    const threads = await admin.query<TCommentThread[]>('comments.list', { itemId: clip.id });
    const external = threads.ok && threads.data.find((c) => c.text === 'The logo comes in too early');
    expect(external).toMatchObject({ author: null, externalAuthor: 'Olga Outside', tcIn: 25_600 });
    const bell = await t.services.deps.repos.notifications.list(alpha.tenant.id, alpha.admin.id, {
      state: 'all',
      limit: 50,
    });
    expect(JSON.stringify(bell)).toContain('commented');
  });

  it("shows metadata through the form's share view, and takes edits only when the share allows them", async () => {
    const form = await admin.mutate<{ id: string }>('metadataForms.create', {
      form: {
        id: 'review',
        label: 'Review',
        active: true,
        views: { item: [], share: [{ fieldId: 'internalNote', visible: false }] },
        fields: [
          { id: 'r1', fieldId: 'headline', label: 'Headline', type: 'Text' },
          { id: 'r2', fieldId: 'internalNote', label: 'Internal note', type: 'Text' },
        ],
      },
    });
    if (!form.ok) throw new Error(JSON.stringify(form));
    const actor = await adminActor(t, alpha);
    await t.services.itemMetadata.update(
      actor,
      clip.id,
      { formId: form.data.id, values: { headline: 'Derby day', internalNote: 'Not for the client' } },
      null,
    );
    const browser = new Browser(t.app);
    const viewing = await created(admin, { metadataAccess: 'view' });
    const [seen] = okShare(await browser.open(tokenOf(viewing))).items as [TPublicShareItem];
    expect(seen.metadata).toContainEqual({ fieldId: 'headline', label: 'Headline', value: 'Derby day' });
    expect(JSON.stringify(seen)).not.toContain('Not for the client');
    expect(seen.editable).toBeNull();
    const refused = await browser.request('POST', `/api/v1/public/shares/${tokenOf(viewing)}/metadata`, {
      itemId: clip.id,
      formId: form.data.id,
      values: { headline: 'Hacked' },
    });
    expect(refused.statusCode).toBe(403);

    const editing = await created(admin, { metadataAccess: 'edit' });
    const [open] = okShare(await browser.open(tokenOf(editing))).items as [TPublicShareItem];
    expect(open.editable?.forms.map((f) => f.id)).toContain(form.data.id);
    const saved = await browser.request('POST', `/api/v1/public/shares/${tokenOf(editing)}/metadata`, {
      itemId: clip.id,
      formId: form.data.id,
      values: { headline: 'Derby night', internalNote: 'Changed by the client' },
    });
    expect(saved.statusCode).toBe(200);
    const stored = (await t.services.deps.repos.items.findById(alpha.tenant.id, clip.id))!.metadata;
    // Only what the share view shows is taken.
    expect(stored).toMatchObject({ headline: 'Derby night', internalNote: 'Not for the client' });
  });

  it("keeps tenants apart: other users and tenants get NOT_FOUND or nothing, tokens never reach another tenant's items", async () => {
    const share = await created(admin, {});
    expect(await bravoAdmin.query('shares.get', { id: share.id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await bravoAdmin.query('shares.emailHistory', { id: share.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await bravoAdmin.mutate('shares.revoke', { id: share.id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await bravoAdmin.mutate('shares.update', { id: share.id, pageTitle: 'mine' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await bravoAdmin.mutate('shares.invite', { id: share.id, recipients: 'x@bravo.test' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await mine(bravoAdmin)).toEqual([]);
    expect(await bravoAdmin.mutate('shares.create', { pageTitle: 'steal', itemIds: [clip.id] })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    // A colleague in the same tenant does not see someone else's share either.
    expect(await colleague.client.query('shares.get', { id: share.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect((await mine(colleague.client)).map((s) => s.id)).not.toContain(share.id);

    const browser = new Browser(t.app);
    const [item] = okShare(await browser.open(tokenOf(share))).items as [TPublicShareItem];
    const intoBravo = item.urls.thumbnail!.replace(clip.id, bravoClip.id);
    expect([403, 404]).toContain((await browser.request('GET', intoBravo)).statusCode);
  });

  it('gives anonymous callers nothing without a valid token', async () => {
    const browser = new Browser(t.app);
    expect(await browser.open('nonsense')).toEqual({ state: 'not_found' });
    expect(await browser.open('A'.repeat(43))).toEqual({ state: 'not_found' });
    expect((await browser.unlock('A'.repeat(43), 'x')).body).toEqual({ state: 'not_found' });
    expect(
      (
        await browser.request(
          'GET',
          `/api/v1/public/shares/${'A'.repeat(43)}/media/${clip.id}/still/9999999999/x/thumb.jpg`,
        )
      ).statusCode,
    ).toBe(404);
    expect(await new Browser(t.app).request('GET', '/trpc/shares.listMine')).toMatchObject({ statusCode: 401 });
  });
});
