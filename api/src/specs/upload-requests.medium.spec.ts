import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testBackends } from '@mam/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { loadActor } from '../services/actor.service';
import { setEveryonePermissions } from '../testing/library-fixtures';
import { makeVideo } from '../testing/media-fixtures';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';
import { TusTestClient } from '../testing/tus-client';

type TRequestView = {
  id: string;
  link: string;
  pageTitle: string;
  state: string;
  hasPassword: boolean;
  expiresAt: string | null;
  filesReceived: number;
  emailsSent: number;
  folderName: string | null;
};
type TPage = {
  state: string;
  pageTitle: string | null;
  message: string | null;
  forms: { id: string; form: { id: string } }[];
  blockedExtensions: string[];
};

/** A browser without a session: keeps the cookies the public upload calls set. */
class Contributor {
  private cookies = new Map<string, string>();
  constructor(
    private readonly t: TestApp,
    readonly token: string,
  ) {}
  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response;
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async page() {
    return this.store(
      await this.t.app.inject({
        method: 'GET',
        url: `/api/v1/public/upload-requests/${this.token}`,
        headers: { cookie: this.cookieHeader() },
      }),
    );
  }
  async unlock(password: string) {
    return this.store(
      await this.t.app.inject({
        method: 'POST',
        url: `/api/v1/public/upload-requests/${this.token}/unlock`,
        headers: { cookie: this.cookieHeader(), 'content-type': 'application/json' },
        payload: JSON.stringify({ password }),
      }),
    );
  }
  tus() {
    return new TusTestClient(this.t.app, { 'upload-request': this.token, cookie: this.cookieHeader() });
  }
}

const tokenOf = (link: string) => link.split('/u/')[1]!;

describe.each(testBackends)('upload requests on %s', (backend) => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof createTenant>>;
  let bravo: Awaited<ReturnType<typeof createTenant>>;
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let folderId: string;
  let otherFolderId: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-upload-requests-spec-'));

  beforeAll(async () => {
    t = await createTestApp(backend, { media: true });
    alpha = await createTenant(t, 'alpha');
    bravo = await createTenant(t, 'bravo');
    const actor = await loadActor(t.services.deps, alpha.admin);
    folderId = (await t.services.folders.create(actor, { name: 'Incoming' }, null)).id;
    otherFolderId = (await t.services.folders.create(actor, { name: 'Private' }, null)).id;
    admin = new TrpcClient(t.app);
    await admin.login('alpha', alpha.adminEmail, alpha.adminPassword);
    bravoAdmin = new TrpcClient(t.app);
    await bravoAdmin.login('bravo', bravo.adminEmail, bravo.adminPassword);
    // Migrations and the media pipeline take a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  async function createRequest(input: Record<string, unknown> = {}): Promise<TRequestView> {
    const created = await admin.mutate<TRequestView>('uploadRequests.create', {
      folderId,
      pageTitle: 'Match footage',
      message: 'Send your clips from Saturday',
      ...input,
    });
    if (!created.ok) throw new Error(`${created.code}: ${created.message}`);
    return created.data;
  }

  async function settled(itemId: string) {
    for (let i = 0; i < 600; i++) {
      const found = await t.services.deps.repos.items.findWithVersion(alpha.tenant.id, itemId);
      const state = found?.version?.transcoding.state;
      if (state === 'COMPLETE' || state === 'ERROR') return found!;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`item ${itemId} did not settle`);
  }

  it('needs requestUpload and a folder the user may upload into', async () => {
    const actor = await loadActor(t.services.deps, alpha.admin);
    const readers = await t.services.groups.create(actor, { name: 'Readers', permissions: { update: false } }, null);
    const reader = await t.services.users.create(
      actor,
      { email: 'reader@alpha.test', name: 'Reader', password: 'reader-password-1', groupIds: [readers.id] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('alpha', reader.email, 'reader-password-1');
    // Everyone holds requestUpload through update (a default grant) until the organisation group loses it.
    expect(await client.mutate('uploadRequests.create', { folderId, pageTitle: 'Allowed' })).toMatchObject({
      ok: true,
    });
    await setEveryonePermissions(t, alpha, { update: false });
    try {
      const refused = await client.mutate('uploadRequests.create', { folderId, pageTitle: 'Nope' });
      expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    } finally {
      await setEveryonePermissions(t, alpha, { update: true });
    }

    const missingTitle = await admin.mutate('uploadRequests.create', { folderId, pageTitle: '  ' });
    expect(missingTitle).toMatchObject({ ok: false, status: 400 });
    const shortPassword = await admin.mutate('uploadRequests.create', { folderId, pageTitle: 'x', password: 'abc' });
    expect(shortPassword).toMatchObject({ ok: false, code: 'SHARE_PASSWORD_TOO_SHORT' });
    const tooLate = await admin.mutate('uploadRequests.create', {
      folderId,
      pageTitle: 'x',
      expiresAt: new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString(),
    });
    expect(tooLate).toMatchObject({ ok: false, code: 'SHARE_EXPIRY_TOO_LATE' });

    const request = await createRequest();
    expect(request).toMatchObject({
      pageTitle: 'Match footage',
      state: 'ok',
      hasPassword: false,
      folderName: 'Incoming',
    });
    expect(request.link).toMatch(/^http:\/\/mam\.test\/u\/[A-Za-z0-9_-]{40,}$/);
    // No expiry asked for: the tenant's maximum (30 days by default).
    expect(new Date(request.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const stored = await t.services.deps.repos.shares.findById(alpha.tenant.id, request.id);
    expect(stored!.tokenHash).not.toContain(tokenOf(request.link));
    expect(stored!.tokenEncrypted).not.toContain(tokenOf(request.link));
  });

  it('takes a resumable anonymous upload into the folder, as an item of the creator that is transcoded', async () => {
    const request = await createRequest();
    const contributor = new Contributor(t, tokenOf(request.link));
    const page = (await contributor.page()).json() as TPage;
    expect(page).toMatchObject({
      state: 'ok',
      pageTitle: 'Match footage',
      message: 'Send your clips from Saturday',
      blockedExtensions: [],
    });

    const video = makeVideo(dir);
    const data = readFileSync(video);
    const size = statSync(video).size;
    const tus = contributor.tus();
    const created = await tus.create(size, { filename: 'goal.mp4', name: 'Kari Nordmann' });
    expect(created.statusCode).toBe(201);
    const itemId = String(created.headers['item-id']);
    const location = String(created.headers.location);
    const half = Math.floor(size / 2);
    expect((await tus.append(location, 0, data.subarray(0, half))).statusCode).toBe(204);
    // After a reload the client asks where to go on.
    const again = contributor.tus();
    expect((await again.offset(location)).headers['upload-offset']).toBe(String(half));
    expect((await again.append(location, half, data.subarray(half))).statusCode).toBe(204);

    const { item, version } = await settled(itemId);
    expect(version!.transcoding.state).toBe('COMPLETE');
    expect(item).toMatchObject({ folderId, title: 'goal', createdBy: alpha.admin.id, ownerId: alpha.admin.id });
    const history = await t.services.deps.repos.auditEvents.listForTarget(
      alpha.tenant.id,
      { type: 'item', id: itemId },
      { limit: 20 },
    );
    expect(history.map((h) => h.summary)).toContain('Uploaded by Kari Nordmann through upload request Match footage');
    const notified = await t.services.notifications.list(await loadActor(t.services.deps, alpha.admin), {
      state: 'all',
      limit: 20,
    });
    expect(notified.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'upload_received',
          actor: expect.objectContaining({ name: 'Kari Nordmann' }),
          item: { id: itemId, title: 'goal' },
          params: expect.objectContaining({ requestTitle: 'Match footage', fileName: 'goal.mp4' }),
        }),
      ]),
    );
    const mine = await admin.query<TRequestView[]>('uploadRequests.listMine');
    expect(mine.ok && mine.data.find((r) => r.id === request.id)).toMatchObject({ filesReceived: 1 });
  }, 120_000);

  it('refuses a missing contributor name and checks the upload view values before a byte is taken', async () => {
    const actor = await loadActor(t.services.deps, alpha.admin);
    await t.services.metadataForms.create(
      actor,
      {
        id: 'contrib',
        label: 'Contribution',
        active: true,
        views: { upload: [], item: [] },
        fields: [{ id: 'p', fieldId: 'photographer', label: 'Photographer', type: 'Text', required: true }],
      },
      null,
    );
    const request = await createRequest();
    const contributor = new Contributor(t, tokenOf(request.link));
    const page = (await contributor.page()).json() as TPage;
    expect(page.forms.map((f) => f.form.id)).toContain('contrib');
    const before = (await t.services.deps.repos.items.list(alpha.tenant.id, { deleted: false, limit: 500 })).length;
    const tus = contributor.tus();
    const nameless = await tus.create(10, { filename: 'a.txt' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'name' }] });
    const missing = await tus.create(10, { filename: 'a.txt', name: 'Ola', form: 'contrib', values: '{}' });
    expect(missing.json()).toMatchObject({ issues: [{ path: 'photographer', code: 'VALUE_REQUIRED' }] });
    expect((await t.services.deps.repos.items.list(alpha.tenant.id, { deleted: false, limit: 500 })).length).toBe(
      before,
    );
    const accepted = await tus.create(10, {
      filename: 'a.txt',
      name: 'Ola',
      form: 'contrib',
      values: JSON.stringify({ photographer: 'Ola N.' }),
    });
    expect(accepted.statusCode).toBe(201);
    const item = await t.services.deps.repos.items.findById(alpha.tenant.id, String(accepted.headers['item-id']));
    expect(item).toMatchObject({ folderId, metadata: { photographer: 'Ola N.' } });
  });

  it('rejects blocked extensions with the spec message and lets other files through', async () => {
    const actor = await loadActor(t.services.deps, alpha.admin);
    const setBlocked = async (blockedUploadExtensions: string[]) =>
      t.services.tenantConfig.update(
        actor,
        { ...(await t.services.tenantConfig.get(actor)), blockedUploadExtensions },
        null,
      );
    await setBlocked(['exe']);
    try {
      const request = await createRequest();
      const contributor = new Contributor(t, tokenOf(request.link));
      expect(((await contributor.page()).json() as TPage).blockedExtensions).toEqual(['exe']);
      const tus = contributor.tus();
      const rejected = await tus.create(10, { filename: 'setup.exe', name: 'Ola' });
      expect(rejected.statusCode).toBe(422);
      expect(rejected.json()).toMatchObject({
        code: 'EXTENSION_BLOCKED',
        message: 'Files with .exe extension cannot be uploaded',
      });
      expect((await tus.create(10, { filename: 'notes.txt', name: 'Ola' })).statusCode).toBe(201);
    } finally {
      await setBlocked([]);
    }
  });

  it('refuses unknown, revoked and expired links', async () => {
    const unknown = new Contributor(t, 'x'.repeat(43));
    expect(((await unknown.page()).json() as TPage).state).toBe('not_found');
    expect((await unknown.tus().create(10, { filename: 'a.txt', name: 'Ola' })).statusCode).toBe(404);

    const revoked = await createRequest();
    const revokedContributor = new Contributor(t, tokenOf(revoked.link));
    const started = await revokedContributor.tus().create(10, { filename: 'a.txt', name: 'Ola' });
    expect(started.statusCode).toBe(201);
    expect(await admin.mutate('uploadRequests.revoke', { id: revoked.id })).toMatchObject({
      ok: true,
      data: { state: 'revoked' },
    });
    expect((await revokedContributor.page()).json() as TPage).toMatchObject({ state: 'revoked', pageTitle: null });
    const refused = await revokedContributor.tus().create(10, { filename: 'a.txt', name: 'Ola' });
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'SHARE_CLOSED' });
    // An upload begun before the revocation cannot go on either.
    const location = String(started.headers.location);
    expect((await revokedContributor.tus().append(location, 0, Buffer.alloc(10))).statusCode).toBe(410);

    const expiring = await createRequest({ expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    const late = new Contributor(t, tokenOf(expiring.link));
    t.clock.now = new Date(Date.now() + 2 * 3600_000);
    try {
      expect(((await late.page()).json() as TPage).state).toBe('expired');
      expect((await late.tus().create(10, { filename: 'a.txt', name: 'Ola' })).statusCode).toBe(410);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('asks for the password before the page and the upload, and slows nobody who gives the right one', async () => {
    const request = await createRequest({ password: 'open sesame' });
    expect(request.hasPassword).toBe(true);
    const contributor = new Contributor(t, tokenOf(request.link));
    expect((await contributor.page()).json()).toMatchObject({
      state: 'password_required',
      pageTitle: 'Match footage',
      message: null,
      forms: [],
    });
    const locked = await contributor.tus().create(10, { filename: 'a.txt', name: 'Ola' });
    expect(locked.statusCode).toBe(401);
    const wrong = await contributor.unlock('open barley');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'SHARE_PASSWORD_WRONG' });
    const right = await contributor.unlock('open sesame');
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ state: 'ok', message: 'Send your clips from Saturday' });
    expect((await contributor.page()).json()).toMatchObject({ state: 'ok' });
    expect((await contributor.tus().create(10, { filename: 'a.txt', name: 'Ola' })).statusCode).toBe(201);
    // The unlock belongs to that browser: another one is still asked.
    const other = new Contributor(t, tokenOf(request.link));
    expect(((await other.page()).json() as TPage).state).toBe('password_required');
  });

  it('gives the contributor no read access to items, folders or other uploads', async () => {
    const request = await createRequest();
    const contributor = new Contributor(t, tokenOf(request.link));
    await contributor.page();
    const created = await contributor.tus().create(10, { filename: 'mine.txt', name: 'Ola' });
    const itemId = String(created.headers['item-id']);
    const headers = { 'upload-request': contributor.token, cookie: contributor.cookieHeader() };
    for (const url of [`/api/v1/items/${itemId}`, `/api/v1/folders/${otherFolderId}`, '/api/v1/items']) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/trpc/folders.tree', headers })).statusCode).toBe(401);
    // Another request's upload, or one of the team's own, is not reachable with this token.
    const elsewhere = new Contributor(t, tokenOf((await createRequest()).link));
    const theirs = await elsewhere.tus().create(10, { filename: 'theirs.txt', name: 'Per' });
    const foreign = String(theirs.headers.location);
    expect((await contributor.tus().offset(foreign)).statusCode).toBe(404);
    expect((await contributor.tus().append(foreign, 0, Buffer.alloc(10))).statusCode).toBe(404);
    expect((await contributor.tus().terminate(foreign)).statusCode).toBe(404);
    // The folder of a request cannot be changed by the contributor.
    const moved = await contributor.tus().create(10, { filename: 'x.txt', name: 'Ola', folderId: otherFolderId });
    const movedItem = await t.services.deps.repos.items.findById(alpha.tenant.id, String(moved.headers['item-id']));
    expect(movedItem!.folderId).toBe(folderId);
  });

  it('invites recipients by e-mail with the link and keeps the e-mail history', async () => {
    const bad = await admin.mutate('uploadRequests.create', { folderId, pageTitle: 'x', recipients: 'a@b.test, nope' });
    expect(bad).toMatchObject({ ok: false, code: 'INVALID_EMAIL', message: 'Invalid email address' });
    const request = await createRequest({ recipients: 'kari@outside.test; ola@outside.test' });
    const mails = t.outbox.filter((m) => m.text.includes(request.link));
    expect(mails.map((m) => m.to).sort()).toEqual(['kari@outside.test', 'ola@outside.test']);
    expect(mails[0]!.text).toContain('Send your clips from Saturday');
    const invited = await admin.mutate('uploadRequests.invite', {
      id: request.id,
      recipients: 'per@outside.test',
      message: 'Reminder',
    });
    expect(invited).toMatchObject({ ok: true, data: { sent: ['per@outside.test'] } });
    const history = await admin.query<{ recipient: string; message: string | null }[]>('uploadRequests.emails', {
      id: request.id,
    });
    expect(history.ok && history.data.map((e) => e.recipient).sort()).toEqual([
      'kari@outside.test',
      'ola@outside.test',
      'per@outside.test',
    ]);
  });

  it("writes the invitation in the sender's language", async () => {
    expect(await admin.mutate('profile.update', { name: alpha.admin.name, language: 'nn' })).toMatchObject({
      ok: true,
    });
    try {
      const request = await createRequest({ pageTitle: 'Kampbilete', recipients: 'siri@outside.test' });
      const mail = t.outbox.filter((m) => m.to === 'siri@outside.test').at(-1)!;
      expect(mail.subject).toBe(`${alpha.admin.name} ber deg laste opp filer: Kampbilete`);
      expect(mail.text.split('\n').slice(0, 5)).toEqual([
        `${alpha.admin.name} ber deg laste opp filer til «Kampbilete».`,
        '',
        'Send your clips from Saturday',
        '',
        `Last opp her: ${request.link}`,
      ]);
      expect(mail.text.split('\n')[5]).toMatch(/^Lenkja verkar til \d{1,2}\. \p{L}+ \d{4} kl\. \d{2}:\d{2} UTC\.$/u);
    } finally {
      await admin.mutate('profile.update', { name: alpha.admin.name, language: null });
    }
  });

  it("gives tenant B nothing of tenant A's upload requests", async () => {
    const request = await createRequest();
    const listed = await bravoAdmin.query<TRequestView[]>('uploadRequests.listMine');
    expect(listed).toMatchObject({ ok: true, data: [] });
    expect(await bravoAdmin.mutate('uploadRequests.revoke', { id: request.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await bravoAdmin.mutate('uploadRequests.invite', { id: request.id, recipients: 'x@y.test' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await bravoAdmin.query('uploadRequests.emails', { id: request.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    // Bravo cannot point a request at alpha's folder.
    expect(await bravoAdmin.mutate('uploadRequests.create', { folderId, pageTitle: 'x' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    const after = await t.services.deps.repos.shares.findById(alpha.tenant.id, request.id);
    expect(after!.revokedAt).toBeNull();
  });
});
