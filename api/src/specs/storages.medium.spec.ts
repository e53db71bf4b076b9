import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { initiatedProcess } from '@mam/core';
import { testBackends } from '@mam/db/testing';
import { createS3Storage, parsePrivateEndpoints, startS3TestServer, type S3TestServer } from '@mam/workers';
import { createTenant, createTestApp, TrpcClient, type TestApp, type TrpcResult } from '../testing/test-app';

type Storage = {
  id: string;
  name: string;
  kind: string;
  types: string[];
  defaultTypes: string[];
  enableDeletion: boolean;
  builtIn: boolean;
  bucket: string;
  pathPrefix: string;
  endpoint: string;
  region: string;
  permissionMethod: string;
  roleArn: string;
  forcePathStyle: boolean;
  credentialsSet: boolean;
};
type TestResult = { ok: true } | { ok: false; reason: string; message: string };

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ buckets: ['media', 'archive'] });
});
afterAll(() => s3.close());

describe.each(testBackends)('storage locations on %s', (backend) => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof createTenant>>;
  let bravo: Awaited<ReturnType<typeof createTenant>>;
  let a: TrpcClient;
  let b: TrpcClient;

  const s3Form = (overrides: Record<string, unknown> = {}) => ({
    name: 'Cloud',
    description: 'Object storage',
    kind: 's3',
    types: ['upload', 'archive'],
    defaultTypes: [],
    enableDeletion: false,
    pathPrefix: '/mam/media/',
    bucket: 'media',
    region: 'eu-north-1',
    endpoint: s3.endpoint,
    permissionMethod: 'gateway',
    roleArn: '',
    forcePathStyle: true,
    credentials: { ...s3.credentials },
    ...overrides,
  });

  beforeAll(async () => {
    // The private-network guard is on: s3rver's loopback host:port is allowed as an operator would allow MinIO.
    t = await createTestApp(backend, { storagePrivateEndpoints: new URL(s3.endpoint).host });
    alpha = await createTenant(t, 'alpha');
    bravo = await createTenant(t, 'bravo');
    a = new TrpcClient(t.app);
    await a.login('alpha', alpha.adminEmail, alpha.adminPassword);
    b = new TrpcClient(t.app);
    await b.login('bravo', bravo.adminEmail, bravo.adminPassword);
  });
  afterAll(async () => {
    t.services.storages.close();
    await t.dispose();
  });

  async function ok<T>(promise: Promise<TrpcResult<T>>): Promise<T> {
    const result = await promise;
    if (!result.ok) throw new Error(`expected success, got ${result.code}: ${JSON.stringify(result.body)}`);
    return result.data;
  }

  async function rawRow(id: string): Promise<Record<string, unknown>> {
    const result = await t.database.db.execute(`select * from storage_location where id = '${id}'`);
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    return rows[0]!;
  }

  it('gives every new tenant the built-in local storage for uploads and generated media', async () => {
    const [local] = await ok<Storage[]>(a.query('storages.list'));
    expect(local).toMatchObject({
      name: 'Local storage',
      kind: 'local',
      types: ['upload', 'generated'],
      enableDeletion: true,
      builtIn: true,
      credentialsSet: false,
    });
    const upload = await t.services.storages.defaultFor(alpha.tenant.id, 'upload');
    const generated = await t.services.storages.defaultFor(alpha.tenant.id, 'generated');
    expect(upload.id).toBe(local!.id);
    expect(generated.id).toBe(local!.id);
    // Keys start with the tenant id; the files land under DATA_DIR/storage.
    const key = `${alpha.tenant.id}/items/i/v/thumbnail.jpg`;
    await upload.storage.put(key, Readable.from([Buffer.from('jpeg')]));
    expect(readFileSync(path.join(t.dataDir, 'storage', key), 'utf8')).toBe('jpeg');
    expect(await ok<TestResult>(a.mutate('storages.testConnection', { id: local!.id }))).toEqual({ ok: true });
  });

  it('creates the local storage on first use for a tenant made before storage locations', async () => {
    const old = await t.services.deps.repos.tenants.insert({ slug: 'legacy', name: 'Legacy', config: {} });
    expect(await t.services.deps.repos.storageLocations.list(old.id)).toEqual([]);
    const { id, storage } = await t.services.storages.defaultFor(old.id, 'upload');
    const [row] = await t.services.deps.repos.storageLocations.list(old.id);
    expect(row).toMatchObject({ id, builtIn: true, name: 'Local storage' });
    await storage.put(`${old.id}/x.txt`, Readable.from([Buffer.from('x')]));
    expect(existsSync(path.join(t.dataDir, 'storage', old.id, 'x.txt'))).toBe(true);
    await expect(t.services.storages.defaultFor(old.id, 'archive')).rejects.toMatchObject({
      code: 'STORAGE_NOT_CONFIGURED',
    });
  });

  it('creates an S3 location whose keys are sealed at rest and never returned', async () => {
    const created = await ok<Storage>(a.mutate('storages.create', s3Form({ defaultTypes: ['archive'] })));
    expect(created).toMatchObject({
      kind: 's3',
      bucket: 'media',
      pathPrefix: 'mam/media',
      types: ['upload', 'archive'],
      defaultTypes: ['archive'],
      credentialsSet: true,
    });
    const listed = await a.query<Storage[]>('storages.list');
    for (const answer of [JSON.stringify(created), JSON.stringify(listed)]) {
      expect(answer).not.toContain(s3.credentials.accessKeyId);
      expect(answer).not.toContain('secretAccessKey');
      expect(answer).not.toContain('encrypted');
    }
    const row = await rawRow(created.id);
    const sealed = String(row.encrypted_secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(s3.credentials.accessKeyId);
    expect(JSON.stringify(row.config)).not.toContain(s3.credentials.secretAccessKey);
    expect(JSON.parse(t.services.deps.secretBox.open(sealed))).toEqual(s3.credentials);

    // Through the location: objects go to the bucket under its prefix and the tenant's id.
    const { id, storage } = await t.services.storages.defaultFor(alpha.tenant.id, 'archive');
    expect(id).toBe(created.id);
    await storage.put(`${alpha.tenant.id}/items/i/v/original/a.mxf`, Readable.from([Buffer.from('mxf')]));
    const bucket = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'media',
      prefix: '',
      credentials: s3.credentials,
      forcePathStyle: true,
      privateEndpoints: parsePrivateEndpoints(new URL(s3.endpoint).host),
    });
    expect(await bucket.list(`mam/media/${alpha.tenant.id}/`)).toMatchObject([
      { key: `mam/media/${alpha.tenant.id}/items/i/v/original/a.mxf`, size: 3 },
    ]);
    bucket.destroy();
    await a.mutate('storages.delete', { id: created.id });
  });

  it('tests saved locations and unsaved forms, reporting what is wrong', async () => {
    const saved = await ok<Storage>(a.mutate('storages.create', s3Form({ name: 'Tested' })));
    expect(await ok<TestResult>(a.mutate('storages.testConnection', { id: saved.id }))).toEqual({ ok: true });
    // Editing without retyping the keys: the stored ones are used.
    const { credentials: _omitted, ...withoutKeys } = s3Form({ bucket: 'archive' });
    expect(await ok<TestResult>(a.mutate('storages.testConnection', { id: saved.id, draft: withoutKeys }))).toEqual({
      ok: true,
    });
    expect(await ok<TestResult>(a.mutate('storages.testConnection', { draft: s3Form({ bucket: 'gone' }) }))).toEqual({
      ok: false,
      reason: 'bucket_not_found',
      message: 'The bucket "gone" does not exist.',
    });
    expect(
      await ok<TestResult>(
        a.mutate('storages.testConnection', {
          draft: s3Form({ credentials: { accessKeyId: 'WRONG', secretAccessKey: 'x' } }),
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'invalid_credentials' });
    expect(
      await ok<TestResult>(
        a.mutate('storages.testConnection', {
          draft: { ...s3Form(), kind: 'local', pathPrefix: 'archive-disk', bucket: '' },
        }),
      ),
    ).toEqual({ ok: true });
    // A draft is checked like a save.
    expect(await a.mutate('storages.testConnection', { draft: s3Form({ bucket: '' }) })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    await a.mutate('storages.delete', { id: saved.id });
  });

  it('keeps the keys unless replaced, and rebuilds the client when a location changes', async () => {
    const created = await ok<Storage>(a.mutate('storages.create', s3Form({ name: 'Editable' })));
    const before = String((await rawRow(created.id)).encrypted_secret);
    const { credentials: _omitted, ...withoutKeys } = s3Form({ name: 'Edited', bucket: 'archive' });
    const edited = await ok<Storage>(a.mutate('storages.update', { id: created.id, ...withoutKeys }));
    expect(edited).toMatchObject({ name: 'Edited', bucket: 'archive', credentialsSet: true });
    expect(JSON.parse(t.services.deps.secretBox.open(String((await rawRow(created.id)).encrypted_secret)))).toEqual(
      s3.credentials,
    );
    const storage = await t.services.storages.resolve(alpha.tenant.id, created.id);
    await storage.put(`${alpha.tenant.id}/moved.txt`, Readable.from([Buffer.from('in archive')]));
    const archive = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'archive',
      prefix: 'mam/media',
      credentials: s3.credentials,
      forcePathStyle: true,
      privateEndpoints: parsePrivateEndpoints(new URL(s3.endpoint).host),
    });
    expect(await text((await archive.get(`${alpha.tenant.id}/moved.txt`)).body)).toBe('in archive');
    archive.destroy();

    await ok(
      a.mutate('storages.update', {
        id: created.id,
        ...s3Form({ name: 'Edited', credentials: { accessKeyId: 'OTHER', secretAccessKey: 'other-secret' } }),
      }),
    );
    const after = String((await rawRow(created.id)).encrypted_secret);
    expect(after).not.toBe(before);
    expect(JSON.parse(t.services.deps.secretBox.open(after))).toEqual({
      accessKeyId: 'OTHER',
      secretAccessKey: 'other-secret',
    });
    const rebuilt = await t.services.storages.resolve(alpha.tenant.id, created.id);
    await expect(rebuilt.get(`${alpha.tenant.id}/moved.txt`)).rejects.toMatchObject({
      reason: 'invalid_credentials',
    });
    // Removing the keys of an access-key location is refused; switching to a role drops them.
    expect(
      await a.mutate('storages.update', { id: created.id, ...s3Form({ name: 'Edited', credentials: null }) }),
    ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    const role = await ok<Storage>(
      a.mutate('storages.update', {
        id: created.id,
        ...s3Form({
          name: 'Edited',
          permissionMethod: 'role',
          endpoint: '',
          roleArn: 'arn:aws:iam::123456789012:role/mam-media',
        }),
      }),
    );
    expect(role).toMatchObject({ permissionMethod: 'role', credentialsSet: false, endpoint: '' });
    expect((await rawRow(created.id)).encrypted_secret).toBeNull();
    await a.mutate('storages.delete', { id: created.id });
  });

  it('validates each kind and refuses duplicate names', async () => {
    const issues = async (form: Record<string, unknown>) => {
      const result = await a.mutate('storages.create', form);
      if (result.ok) throw new Error('expected a validation failure');
      const body = result.body as { error: { data: { appError: { issues?: Array<{ path: string }> } } } };
      return (body.error.data.appError.issues ?? []).map((i) => i.path).sort();
    };
    expect(await issues(s3Form({ bucket: '', region: 'Nowhere!' }))).toEqual(['bucket', 'region']);
    expect(await issues(s3Form({ endpoint: '' }))).toEqual(['endpoint']);
    expect(await issues(s3Form({ endpoint: 'ftp://example.com' }))).toEqual(['endpoint']);
    expect(await issues(s3Form({ credentials: undefined }))).toEqual(['accessKeyId']);
    expect(await issues(s3Form({ permissionMethod: 'role', endpoint: '', roleArn: 'my-role' }))).toEqual(['roleArn']);
    expect(await issues(s3Form({ types: [] }))).toEqual(['types']);
    expect(await issues(s3Form({ types: ['upload'], defaultTypes: ['cold'] }))).toEqual(['defaultTypes']);
    expect(await issues({ ...s3Form(), kind: 'local', pathPrefix: '../outside' })).toEqual(['pathPrefix']);
    expect(await issues({ ...s3Form(), kind: 'local', pathPrefix: bravo.tenant.id })).toEqual(['pathPrefix']);
    expect(await a.mutate('storages.create', s3Form({ name: 'local STORAGE' }))).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
  });

  it('refuses endpoints on the private network the operator has not allowed', async () => {
    const refusals = async (form: Record<string, unknown>) => {
      const result = await a.mutate('storages.create', form);
      if (result.ok) throw new Error(`expected ${String(form.endpoint)} to be refused`);
      const body = result.body as { error: { data: { appError: { issues?: Array<Record<string, string>> } } } };
      return body.error.data.appError.issues;
    };
    const { port } = new URL(s3.endpoint);
    for (const endpoint of [
      'http://169.254.169.254',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5:9000',
      'http://[::1]:9000',
      'http://[::ffff:127.0.0.1]:9000',
      'http://2130706433:5432',
      // A name that resolves to 127.0.0.1; the allowance names 127.0.0.1, not every name that resolves there.
      `http://localhost:${port}`,
      // The allowed host on another port (PostgreSQL's).
      'http://127.0.0.1:5432',
    ]) {
      expect([endpoint, await refusals(s3Form({ name: 'Sneaky', endpoint }))]).toEqual([
        endpoint,
        [
          {
            path: 'endpoint',
            code: 'STORAGE_ENDPOINT_PRIVATE',
            message: 'This endpoint is on a private network; the operator has not allowed it.',
          },
        ],
      ]);
    }
    // Testing a draft is checked like a save, so it cannot be used to probe the network either.
    expect(
      await a.mutate('storages.testConnection', { draft: s3Form({ endpoint: 'http://10.0.0.5:9000' }) }),
    ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    const saved = await ok<Storage>(a.mutate('storages.create', s3Form({ name: 'Sneaky' })));
    expect(
      await a.mutate('storages.update', { id: saved.id, ...s3Form({ name: 'Sneaky', endpoint: 'http://[fd00::1]' }) }),
    ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    // The allowed host:port is accepted and works.
    expect(await ok<TestResult>(a.mutate('storages.testConnection', { id: saved.id }))).toEqual({ ok: true });
    await a.mutate('storages.delete', { id: saved.id });
  });

  it('lets the operator allow a private endpoint by name', async () => {
    const { port } = new URL(s3.endpoint);
    const other = await createTestApp(backend, { storagePrivateEndpoints: `localhost:${port}` });
    try {
      const gamma = await createTenant(other, 'gamma');
      const c = new TrpcClient(other.app);
      await c.login('gamma', gamma.adminEmail, gamma.adminPassword);
      const byName = await ok<Storage>(c.mutate('storages.create', s3Form({ endpoint: `http://localhost:${port}` })));
      expect(await ok<TestResult>(c.mutate('storages.testConnection', { id: byName.id }))).toEqual({ ok: true });
      // Not allowed here: the address itself.
      expect(await c.mutate('storages.create', s3Form({ name: 'By address' }))).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
    } finally {
      other.services.storages.close();
      await other.dispose();
    }
  });

  it('keeps the built-in storage and somewhere for uploads and generated media', async () => {
    const local = (await ok<Storage[]>(a.query('storages.list'))).find((storage) => storage.builtIn);
    expect(await a.mutate('storages.delete', { id: local!.id })).toMatchObject({
      ok: false,
      code: 'STORAGE_BUILT_IN',
    });
    const base = { ...s3Form(), ...local, kind: 'local', credentials: undefined };
    expect(await a.mutate('storages.update', { ...base, pathPrefix: 'elsewhere' })).toMatchObject({
      ok: false,
      code: 'STORAGE_BUILT_IN',
    });
    expect(await a.mutate('storages.update', { ...base, types: ['generated'] })).toMatchObject({
      ok: false,
      code: 'STORAGE_LAST_UPLOAD',
    });
    expect(await a.mutate('storages.update', { ...base, types: ['upload'] })).toMatchObject({
      ok: false,
      code: 'STORAGE_LAST_GENERATED',
    });
    // With another upload location, the built-in one may stop taking uploads, and that one becomes the last.
    const cloud = await ok<Storage>(a.mutate('storages.create', s3Form({ name: 'Uploads', types: ['upload'] })));
    await ok(a.mutate('storages.update', { ...base, types: ['generated'], defaultTypes: [] }));
    expect((await t.services.storages.defaultFor(alpha.tenant.id, 'upload')).id).toBe(cloud.id);
    expect(await a.mutate('storages.delete', { id: cloud.id })).toMatchObject({
      ok: false,
      code: 'STORAGE_LAST_UPLOAD',
    });
    await ok(a.mutate('storages.update', { ...base, types: ['upload', 'generated'], defaultTypes: ['upload'] }));
    expect((await t.services.storages.defaultFor(alpha.tenant.id, 'upload')).id).toBe(local!.id);

    // A location holding item media stays until the items are gone.
    const { item } = await t.services.deps.repos.items.insertWithVersion(
      alpha.tenant.id,
      { title: 'Clip' },
      {
        fileName: 'clip.mov',
        storageId: cloud.id,
        originalKey: `${alpha.tenant.id}/items/x/y/original/clip.mov`,
        upload: { state: 'COMPLETE', receivedBytes: 1, totalBytes: 1, error: null },
        transcoding: initiatedProcess(),
      },
    );
    expect(await a.mutate('storages.delete', { id: cloud.id })).toMatchObject({
      ok: false,
      code: 'STORAGE_IN_USE',
      message: 'This storage holds media of 1 item versions and cannot be deleted.',
    });
    await t.services.deps.repos.items.hardDelete(alpha.tenant.id, item.id);
    await ok(a.mutate('storages.delete', { id: cloud.id }));
    expect((await ok<Storage[]>(a.query('storages.list'))).map((s) => s.name)).not.toContain('Uploads');
  });

  it('records changes in system activity', async () => {
    const created = await ok<Storage>(a.mutate('storages.create', s3Form({ name: 'Audited' })));
    await ok(a.mutate('storages.delete', { id: created.id }));
    const activity = await ok<{ events: Array<{ action: string; targetId: string | null }> }>(
      a.query('systemActivity.list', { limit: 20 }),
    );
    const mine = activity.events.filter((e) => e.targetId === created.id).map((e) => e.action);
    expect(mine).toEqual(['storage.deleted', 'storage.created']);
  });

  it('is for tenant administrators only', async () => {
    await ok(
      a.mutate('users.create', {
        email: 'editor@alpha.test',
        name: 'Editor',
        password: 'editor-password',
        groupIds: [],
      }),
    );
    const editor = new TrpcClient(t.app);
    await editor.login('alpha', 'editor@alpha.test', 'editor-password');
    const [local] = await ok<Storage[]>(a.query('storages.list'));
    expect(await editor.query('storages.list')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await editor.mutate('storages.create', s3Form({ name: 'Mine' }))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(await editor.mutate('storages.testConnection', { id: local!.id })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(await editor.mutate('storages.delete', { id: local!.id })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it("does not show or touch another tenant's locations", async () => {
    const secretive = await ok<Storage>(a.mutate('storages.create', s3Form({ name: 'Alpha only' })));
    const listed = await ok<Storage[]>(b.query('storages.list'));
    expect(listed.map((s) => s.id)).not.toContain(secretive.id);
    // What every tenant is provisioned with, and nothing of alpha's.
    expect(listed.map((s) => s.name).sort()).toEqual(['Local archive', 'Local cold storage', 'Local storage']);
    const { credentials: _omitted, ...withoutKeys } = s3Form({ name: 'Taken over' });
    for (const [procedure, input] of [
      ['storages.update', { id: secretive.id, ...withoutKeys }],
      ['storages.delete', { id: secretive.id }],
      ['storages.testConnection', { id: secretive.id }],
      ['storages.testConnection', { id: secretive.id, draft: withoutKeys }],
    ] as const) {
      expect([procedure, await b.mutate(procedure, input)]).toMatchObject([
        procedure,
        { ok: false, code: 'NOT_FOUND' },
      ]);
    }
    await expect(t.services.storages.resolve(bravo.tenant.id, secretive.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await ok<Storage[]>(a.query('storages.list'))).find((s) => s.id === secretive.id)?.name).toBe('Alpha only');
    // The built-in storage is one folder for all tenants, but each tenant's storage reaches its own keys only.
    const alphaLocal = await t.services.storages.defaultFor(alpha.tenant.id, 'upload');
    const bravoLocal = await t.services.storages.defaultFor(bravo.tenant.id, 'upload');
    expect(bravoLocal.id).not.toBe(alphaLocal.id);
    await expect(bravoLocal.storage.get(`${alpha.tenant.id}/items/i/v/thumbnail.jpg`)).rejects.toMatchObject({
      reason: 'invalid_key',
    });
    await expect(bravoLocal.storage.deletePrefix(`${alpha.tenant.id}/`)).rejects.toMatchObject({
      reason: 'invalid_key',
    });
    await expect(t.services.storages.resolve(bravo.tenant.id, alphaLocal.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
