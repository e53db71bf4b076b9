import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatByteSize } from '@mam/core';
import { testBackends, type TTestBackend } from '@mam/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';
import { encodeMetadata, TusTestClient } from '../testing/tus-client';

const MAX_UPLOAD_BYTES = 10_000;

describe.each(testBackends)('upload size limit and storage quota on %s', (backend: TTestBackend) => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof createTenant>>;
  let bravo: Awaited<ReturnType<typeof createTenant>>;
  let root: Awaited<ReturnType<typeof createTenant>>;
  let alphaAdmin: TrpcClient;
  let rootAdmin: TrpcClient;
  let alphaTus: TusTestClient;
  let alphaHeaders: Record<string, string>;

  async function apiKey(client: TrpcClient): Promise<string> {
    const created = await client.mutate<{ secret: string }>('apiKeys.create', {
      label: 'robot',
      expiresAt: null,
      maxUnusedDays: null,
    });
    if (!created.ok) throw new Error(created.code);
    return created.data.secret;
  }

  /** Sets the tenant's quota as the system administrator would, straight in the stored configuration. */
  async function setQuota(tenant: typeof alpha, quota: number | null) {
    const stored = await t.services.deps.repos.tenants.findById(tenant.tenant.id);
    await t.services.deps.repos.tenants.updateConfig(tenant.tenant.id, stored!.name, {
      ...stored!.config,
      storageQuotaBytes: quota,
    });
    t.services.apiKeys.forgetTenant(tenant.tenant.id);
  }

  const itemCount = async (tenantId: string) =>
    (await t.services.deps.repos.items.list(tenantId, { deleted: false, limit: 1000 })).length;
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-upload-limits-'));
  /** A file of `size` bytes. */
  function writeBytes(size: number): string {
    const file = path.join(dir, `file-${size}-${Math.random().toString(36).slice(2)}.wav`);
    writeFileSync(file, Buffer.alloc(size, 7));
    return file;
  }

  /** A quota that leaves `room` bytes besides what the tenant stores already; the message names it. */
  async function leaveRoom(tenant: typeof alpha, room: number): Promise<string> {
    const quota = (await t.services.deps.repos.items.storedBytes(tenant.tenant.id)) + room;
    await setQuota(tenant, quota);
    return `the organisation's storage quota of ${formatByteSize(quota)} would be exceeded`;
  }

  function expectRejected(response: LightMyRequestResponse, code: string, reason: string) {
    expect(response.statusCode).toBe(413);
    const body = response.json() as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(body.message).toBe(`Upload rejected: ${reason}`);
  }

  beforeAll(async () => {
    t = await createTestApp(backend, { maxUploadBytes: MAX_UPLOAD_BYTES });
    alpha = await createTenant(t, 'alpha');
    bravo = await createTenant(t, 'bravo');
    root = await createTenant(t, 'root', true);
    alphaAdmin = new TrpcClient(t.app);
    await alphaAdmin.login('alpha', alpha.adminEmail, alpha.adminPassword);
    rootAdmin = new TrpcClient(t.app);
    await rootAdmin.login('root', root.adminEmail, root.adminPassword);
    alphaHeaders = { authorization: `Bearer ${await apiKey(alphaAdmin)}` };
    alphaTus = new TusTestClient(t.app, alphaHeaders);
  }, 180_000);
  afterAll(async () => {
    await t.dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await setQuota(alpha, null);
  });

  it('refuses a file over MAX_UPLOAD_BYTES at creation, leaving no item, and announces the limit', async () => {
    const before = await itemCount(alpha.tenant.id);
    const tooLarge = await alphaTus.create(MAX_UPLOAD_BYTES + 1, { filename: 'huge.mxf' });
    expectRejected(tooLarge, 'UPLOAD_TOO_LARGE', 'files may be at most 9.8 KiB');
    expect(await itemCount(alpha.tenant.id)).toBe(before);

    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/uploads' });
    expect(options.headers['tus-max-size']).toBe(String(MAX_UPLOAD_BYTES));

    const largest = await alphaTus.create(MAX_UPLOAD_BYTES, { filename: 'largest.mxf' });
    expect(largest.statusCode).toBe(201);
    await alphaTus.terminate(String(largest.headers.location));
  });

  it("counts stored files and uploads in progress against the tenant's quota, and no other tenant's", async () => {
    await setQuota(alpha, 5_000);
    const stored = await alphaTus.upload(writeBytes(2_000), { filename: 'stored.wav' });
    expect(stored.itemId).toBeTruthy();

    const before = await itemCount(alpha.tenant.id);
    expectRejected(
      await alphaTus.create(3_001, { filename: 'over.wav' }),
      'STORAGE_QUOTA_EXCEEDED',
      "the organisation's storage quota of 4.9 KiB would be exceeded",
    );
    expect(await itemCount(alpha.tenant.id)).toBe(before);

    // An upload in progress holds its declared length.
    const inProgress = await alphaTus.create(3_000, { filename: 'fits.wav' });
    expect(inProgress.statusCode).toBe(201);
    expectRejected(
      await alphaTus.create(1, { filename: 'one-more.wav' }),
      'STORAGE_QUOTA_EXCEEDED',
      "the organisation's storage quota of 4.9 KiB would be exceeded",
    );
    // Terminated, it frees its share.
    expect((await alphaTus.terminate(String(inProgress.headers.location))).statusCode).toBe(204);
    const afterTermination = await alphaTus.create(3_000, { filename: 'fits-again.wav' });
    expect(afterTermination.statusCode).toBe(201);
    await alphaTus.terminate(String(afterTermination.headers.location));

    // Another tenant's files do not count.
    await setQuota(bravo, 3_000);
    const bravoAdmin = new TrpcClient(t.app);
    await bravoAdmin.login('bravo', bravo.adminEmail, bravo.adminPassword);
    const bravoTus = new TusTestClient(t.app, { authorization: `Bearer ${await apiKey(bravoAdmin)}` });
    const bravoUpload = await bravoTus.create(3_000, { filename: 'bravo.wav' });
    expect(bravoUpload.statusCode).toBe(201);
    await bravoTus.terminate(String(bravoUpload.headers.location));
  });

  it('accepts no more of many concurrent uploads than the quota holds, and refuses the rest with the reason', async () => {
    const overQuota = await leaveRoom(alpha, 5_000);
    const before = await itemCount(alpha.tenant.id);
    // Started together, each would find room for itself if they were judged against the same free space.
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => alphaTus.create(1_000, { filename: `race-${i}.wav` })),
    );
    const accepted = attempts.filter((response) => response.statusCode === 201);
    expect(accepted).toHaveLength(5);
    for (const response of attempts.filter((r) => r.statusCode !== 201)) {
      expectRejected(response, 'STORAGE_QUOTA_EXCEEDED', overQuota);
    }
    expect(await itemCount(alpha.tenant.id)).toBe(before + 5);

    // An aborted upload releases its reservation: exactly one more fits again.
    await alphaTus.terminate(String(accepted[0]!.headers.location));
    const again = await Promise.all([1, 2].map((i) => alphaTus.create(1_000, { filename: `again-${i}.wav` })));
    expect(again.map((response) => response.statusCode).sort()).toEqual([201, 413]);
    for (const response of [...accepted.slice(1), ...again.filter((r) => r.statusCode === 201)]) {
      await alphaTus.terminate(String(response.headers.location));
    }
  });

  it("counts renditions in a tenant's storage, which system administrators read and limit over REST", async () => {
    const rootKey = await apiKey(rootAdmin);
    const rest = (method: 'GET' | 'PUT', tenantId: string, key: string, payload?: unknown) =>
      t.app.inject({
        method,
        url: `/api/v1/tenants/${tenantId}/storage${method === 'PUT' ? '/quota' : ''}`,
        headers: { authorization: `Bearer ${key}` },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const { itemId } = await alphaTus.upload(writeBytes(1_000), { filename: 'rendered.wav' });
    const before = await t.services.deps.repos.items.storedBytes(alpha.tenant.id);
    const { version } = (await t.services.deps.repos.items.findWithVersion(alpha.tenant.id, itemId))!;
    await t.services.deps.repos.items.updateVersion(alpha.tenant.id, version!.id, {
      renditionBytes: { proxy: 700, thumbnail: 300 },
    });
    const read = await rest('GET', alpha.tenant.id, rootKey);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ tenantId: alpha.tenant.id, storageQuotaBytes: null, storedBytes: before + 1_000 });

    const set = await rest('PUT', alpha.tenant.id, rootKey, { storageQuotaBytes: before + 1_500 });
    expect(set.json()).toEqual({
      tenantId: alpha.tenant.id,
      storageQuotaBytes: before + 1_500,
      storedBytes: before + 1_000,
    });
    // Counted by originals alone, 501 bytes would still fit.
    expect((await alphaTus.create(501, { filename: 'over.wav' })).statusCode).toBe(413);
    const fits = await alphaTus.create(500, { filename: 'fits.wav' });
    expect(fits.statusCode).toBe(201);
    await alphaTus.terminate(String(fits.headers.location));

    // The tenant's own administrator reads its figures but sets no quota; other tenants are not there for it.
    const alphaKey = alphaHeaders.authorization!.slice('Bearer '.length);
    expect((await rest('GET', alpha.tenant.id, alphaKey)).json()).toMatchObject({ storedBytes: before + 1_000 });
    const raise = await rest('PUT', alpha.tenant.id, alphaKey, { storageQuotaBytes: null });
    expect({ status: raise.statusCode, code: raise.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await rest('GET', bravo.tenant.id, alphaKey)).statusCode).toBe(404);
    expect((await rest('PUT', alpha.tenant.id, rootKey, { storageQuotaBytes: 0 })).statusCode).toBe(400);
  });

  it('holds an upload of deferred length to the limits as its bytes arrive', async () => {
    const overQuota = await leaveRoom(alpha, 1_000);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...alphaHeaders,
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': encodeMetadata({ filename: 'live.ts' }),
      },
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect((await alphaTus.append(location, 0, Buffer.alloc(600, 1))).statusCode).toBe(204);

    expectRejected(await alphaTus.append(location, 600, Buffer.alloc(600, 2)), 'STORAGE_QUOTA_EXCEEDED', overQuota);
    const declareTooMuch = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...alphaHeaders,
        'tus-resumable': '1.0.0',
        'upload-offset': '600',
        'upload-length': String(MAX_UPLOAD_BYTES + 1),
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(0),
    });
    expectRejected(declareTooMuch, 'UPLOAD_TOO_LARGE', 'files may be at most 9.8 KiB');
    // Nothing past the allowance reached the partial file.
    expect((await alphaTus.offset(location)).headers['upload-offset']).toBe('600');

    // Once the quota is full, a new upload of deferred length is refused at creation.
    const full = await leaveRoom(alpha, 0);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...alphaHeaders,
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': encodeMetadata({ filename: 'late.ts' }),
      },
    });
    expectRejected(refused, 'STORAGE_QUOTA_EXCEEDED', full);
    await alphaTus.terminate(location);
  });

  it('reserves what concurrent PATCHes of deferred-length uploads bring, so together they stay within the quota', async () => {
    const overQuota = await leaveRoom(alpha, 1_000);
    const locations: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: {
          ...alphaHeaders,
          'tus-resumable': '1.0.0',
          'upload-defer-length': '1',
          'upload-metadata': encodeMetadata({ filename: `live-${i}.ts` }),
        },
      });
      expect(created.statusCode).toBe(201);
      locations.push(String(created.headers.location));
    }
    const patches = await Promise.all(locations.map((location) => alphaTus.append(location, 0, Buffer.alloc(600, 3))));
    expect(patches.map((response) => response.statusCode).sort()).toEqual([204, 413, 413, 413]);
    for (const response of patches.filter((r) => r.statusCode !== 204)) {
      expectRejected(response, 'STORAGE_QUOTA_EXCEEDED', overQuota);
    }
    for (const location of locations) await alphaTus.terminate(location);
  });

  it('refuses an upload-request contributor over the quota the same way', async () => {
    const folder = await alphaAdmin.mutate<{ id: string }>('folders.create', { name: 'Incoming' });
    if (!folder.ok) throw new Error(folder.code);
    const request = await alphaAdmin.mutate<{ link: string }>('uploadRequests.create', {
      folderId: folder.data.id,
      pageTitle: 'Match footage',
    });
    if (!request.ok) throw new Error(request.code);
    const token = request.data.link.split('/u/')[1]!;
    const contributor = new TusTestClient(t.app, { 'upload-request': token });

    const overQuota = await leaveRoom(alpha, 1_000);
    expectRejected(
      await contributor.create(1_001, { filename: 'clip.mp4', name: 'Kari' }),
      'STORAGE_QUOTA_EXCEEDED',
      overQuota,
    );
    expectRejected(
      await contributor.create(MAX_UPLOAD_BYTES + 1, { filename: 'clip.mp4', name: 'Kari' }),
      'UPLOAD_TOO_LARGE',
      'files may be at most 9.8 KiB',
    );
    const fits = await contributor.create(1_000, { filename: 'clip.mp4', name: 'Kari' });
    expect(fits.statusCode).toBe(201);
    await contributor.terminate(String(fits.headers.location));
  });

  it('lets only the system administrator change the quota in the tenant configuration', async () => {
    const current = await alphaAdmin.query<Record<string, unknown>>('tenantConfig.get');
    if (!current.ok) throw new Error(current.code);
    expect(current.data.storageQuotaBytes).toBeNull();
    const raise = await alphaAdmin.mutate('tenantConfig.update', {
      config: { ...current.data, storageQuotaBytes: 1_000_000 },
    });
    expect(raise).toMatchObject({ ok: false, code: 'QUOTA_SUPER_ADMIN_ONLY' });

    await setQuota(alpha, 5_000);
    // A client that leaves the field out keeps the quota; one that sends it back unchanged may save other settings.
    const { storageQuotaBytes: _left, ...withoutQuota } = current.data;
    expect(await alphaAdmin.mutate('tenantConfig.update', { config: withoutQuota })).toMatchObject({ ok: true });
    expect(
      await alphaAdmin.mutate('tenantConfig.update', {
        config: { ...current.data, storageQuotaBytes: 5_000, timezone: 'Europe/Oslo' },
      }),
    ).toMatchObject({ ok: true, data: { storageQuotaBytes: 5_000, timezone: 'Europe/Oslo' } });

    const rootConfig = await rootAdmin.query<Record<string, unknown>>('tenantConfig.get');
    if (!rootConfig.ok) throw new Error(rootConfig.code);
    expect(
      await rootAdmin.mutate('tenantConfig.update', {
        config: { ...rootConfig.data, storageQuotaBytes: 2 * 1024 ** 4 },
      }),
    ).toMatchObject({ ok: true, data: { storageQuotaBytes: 2 * 1024 ** 4 } });
  });

  it("lets the system administrator set any tenant's quota from the tenant list", async () => {
    expect(await alphaAdmin.mutate('tenants.setQuota', { id: alpha.tenant.id, storageQuotaBytes: 1 })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    const stored = await t.services.deps.repos.items.storedBytes(alpha.tenant.id);
    expect(
      await rootAdmin.mutate('tenants.setQuota', { id: alpha.tenant.id, storageQuotaBytes: stored + 100 }),
    ).toMatchObject({ ok: true });
    const listed =
      await rootAdmin.query<Array<{ slug: string; storageQuotaBytes: number | null; storedBytes: number }>>(
        'tenants.list',
      );
    if (!listed.ok) throw new Error(listed.code);
    expect(listed.data.find((tenant) => tenant.slug === 'alpha')).toMatchObject({
      storageQuotaBytes: stored + 100,
      storedBytes: stored,
    });
    const usage = { tenantId: alpha.tenant.id, storageQuotaBytes: stored + 100, storedBytes: stored };
    expect(await rootAdmin.query('tenants.storage', { id: alpha.tenant.id })).toMatchObject({ ok: true, data: usage });
    expect(await alphaAdmin.query('tenants.storage', { id: alpha.tenant.id })).toMatchObject({ ok: true, data: usage });
    expect(await alphaAdmin.query('tenants.storage', { id: bravo.tenant.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect((await alphaTus.create(101, { filename: 'over.wav' })).json()).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
    });
    expect(await rootAdmin.mutate('tenants.setQuota', { id: alpha.tenant.id, storageQuotaBytes: null })).toMatchObject({
      ok: true,
    });
    const fits = await alphaTus.create(101, { filename: 'fits.wav' });
    expect(fits.statusCode).toBe(201);
    await alphaTus.terminate(String(fits.headers.location));
  });
});
