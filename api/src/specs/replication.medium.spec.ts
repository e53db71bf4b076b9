import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { replicationWorkflowId } from '@mam/workflows';
import { startS3TestServer, type ObjectStorage, type S3TestServer } from '@mam/workers';
import { testBackends } from '@mam/db/testing';
import {
  addMember,
  adminApiKey,
  insertItem,
  rest,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import { eventually, readAll, sha256 } from '../testing/storage-checks';

type TReplicationJson = {
  id: string;
  enabled: boolean;
  shardCount: number;
  apiTokenSet: boolean;
  status: { copied: number; pending: number; failed: number; lastRoundAt: string | null; lastRoundCopied: number };
};

/**
 * Replication settings (issue 24, spec section 3) through the REST API on the embedded workflow runtime: new media of
 * a source location is copied to the target byte-identical by the setting's durable workflow, once; externally
 * replicated sources are refused; another tenant sees none of it.
 */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ buckets: ['replica'] });
});
afterAll(() => s3.close());

describe.each(testBackends)('replication on %s', (backend) => {
  let lib: TTwoTenantLibrary;
  let alphaKey: string;
  let bravoKey: string;
  let sourceId: string;
  let targetId: string;
  let source: ObjectStorage;
  let target: ObjectStorage;
  let replicationId: string;
  const originals: Array<{ key: string; bytes: Buffer; versionId: string; proxyKey: string }> = [];

  async function localLocation(name: string, pathPrefix: string, externallyReplicated = false): Promise<string> {
    const created = await rest(lib.t, alphaKey, 'POST', '/storages', {
      name,
      kind: 'local',
      types: ['archive'],
      pathPrefix,
      externallyReplicated,
    });
    expect(created.status).toBe(201);
    expect(created.body.externallyReplicated).toBe(externallyReplicated);
    return created.body.id as string;
  }

  /** An item whose original (random bytes) is stored in the source, as ingest leaves it. */
  async function ingest(title: string, size: number) {
    const tenantId = lib.alpha.tenant.id;
    const row = await insertItem(lib.t, lib.alpha, {
      title,
      folderId: lib.root,
      ownerId: lib.alpha.admin.id,
      storageId: sourceId,
      generatedStorageId: sourceId,
    });
    const bytes = randomBytes(size);
    const key = `${tenantId}/items/${row.id}/${row.leadingVersionId}/original.bin`;
    await source.put(key, Readable.from([bytes]));
    await lib.t.services.deps.repos.items.updateVersion(tenantId, row.leadingVersionId!, {
      originalKey: key,
      fileSize: size,
      sha256: sha256(bytes),
    });
    // A proxy generated beside it: only the "all" stage takes it along.
    const proxyKey = `${tenantId}/items/${row.id}/${row.leadingVersionId}/proxy.mp4`;
    await source.put(proxyKey, Readable.from([Buffer.from(`proxy of ${title}`)]));
    originals.push({ key, bytes, versionId: row.leadingVersionId!, proxyKey });
  }

  const getReplication = async (id: string) =>
    (await rest(lib.t, alphaKey, 'GET', `/replications/${id}`)).body as unknown as TReplicationJson;

  beforeAll(async () => {
    // s3rver's loopback host:port is allowed as an operator would allow MinIO.
    lib = await twoTenantLibrary(backend, { media: true, storagePrivateEndpoints: new URL(s3.endpoint).host });
    alphaKey = await adminApiKey(lib.t, lib.alpha);
    bravoKey = await adminApiKey(lib.t, lib.bravo);
    sourceId = await localLocation('Primary', 'primary');
    targetId = await localLocation('Mirror', 'mirror');
    source = await lib.t.services.storages.resolve(lib.alpha.tenant.id, sourceId);
    target = await lib.t.services.storages.resolve(lib.alpha.tenant.id, targetId);
    await ingest('Interview', 2 * 1024 * 1024 + 17);
    await ingest('Weather', 512 * 1024);
  }, 120_000);
  afterAll(() => lib?.t.dispose());

  it('copies both originals to the target byte-identical, two shards at once', async () => {
    for (const original of originals) expect(await target.head(original.key)).toBeNull();
    const created = await rest(lib.t, alphaKey, 'POST', '/replications', {
      sourceStorageId: sourceId,
      targetStorageId: targetId,
      stage: 'original',
      shardCount: 2,
      apiToken: 'secret-token-123',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ enabled: true, shardCount: 2, apiTokenSet: true });
    // The token is sealed at rest and never returned.
    expect(JSON.stringify(created.body)).not.toContain('secret-token-123');
    replicationId = created.body.id as string;
    const stored = await lib.t.services.deps.repos.replications.findById(lib.alpha.tenant.id, replicationId);
    expect(stored?.encryptedApiToken).toBeTruthy();
    expect(stored?.encryptedApiToken).not.toContain('secret-token-123');
    expect(created.body.workflowId).toBe(`${lib.alpha.tenant.id}:replication:${replicationId}`);

    const done = await eventually(async () => {
      const view = await getReplication(replicationId);
      if (view.status.copied !== 2) throw new Error(`copied ${view.status.copied}`);
      return view;
    }, 60_000);
    expect(done.status).toMatchObject({ copied: 2, pending: 0, failed: 0 });
    for (const original of originals) {
      const copy = await readAll(target, original.key);
      expect(sha256(copy)).toBe(sha256(original.bytes));
      expect(copy.equals(original.bytes)).toBe(true);
      // The "original" stage leaves generated media where it is.
      expect(await target.head(original.proxyKey)).toBeNull();
    }
    // Both shards ran in the round: one activity per shard in the run's history.
    const history = await lib.t.services.deps.workflows!.history(
      replicationWorkflowId(lib.alpha.tenant.id, replicationId),
    );
    const shardRuns = history.events.filter(
      (e) => e.kind === 'ActivityScheduled' && e.activityType === 'replicateShard',
    );
    expect(shardRuns.length).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it('copies nothing again: disabled the run stops, enabled again its round finds nothing new', async () => {
    const repos = lib.t.services.deps.repos;
    const before = await repos.replications.listObjects(lib.alpha.tenant.id, replicationId);
    expect(before.map((o) => [o.state, o.attempts])).toEqual([
      ['copied', 1],
      ['copied', 1],
    ]);
    const body = { sourceStorageId: sourceId, targetStorageId: targetId, stage: 'original', shardCount: 2 };
    const disabled = await rest(lib.t, alphaKey, 'PUT', `/replications/${replicationId}`, { ...body, enabled: false });
    expect(disabled.status).toBe(200);
    const workflowId = replicationWorkflowId(lib.alpha.tenant.id, replicationId);
    await expect(lib.t.services.deps.workflows!.result(workflowId)).resolves.toBe('stopped');
    // The stored token stays when the form leaves it out.
    expect(disabled.body.apiTokenSet).toBe(true);

    const roundBefore = (await getReplication(replicationId)).status.lastRoundAt!;
    const enabled = await rest(lib.t, alphaKey, 'PUT', `/replications/${replicationId}`, { ...body, enabled: true });
    expect(enabled.status).toBe(200);
    const again = await eventually(async () => {
      const view = await getReplication(replicationId);
      if (view.status.lastRoundAt === roundBefore) throw new Error('no new round yet');
      return view;
    }, 60_000);
    expect(again.status).toMatchObject({ copied: 2, pending: 0, failed: 0, lastRoundCopied: 0 });
    const after = await repos.replications.listObjects(lib.alpha.tenant.id, replicationId);
    expect(after.map((o) => [o.state, o.attempts])).toEqual(before.map((o) => [o.state, o.attempts]));
  }, 90_000);

  it('takes the generated media along with the "all" stage', async () => {
    const everythingId = await localLocation('Everything', 'everything');
    const everything = await lib.t.services.storages.resolve(lib.alpha.tenant.id, everythingId);
    const created = await rest(lib.t, alphaKey, 'POST', '/replications', {
      sourceStorageId: sourceId,
      targetStorageId: everythingId,
      stage: 'all',
      shardCount: 1,
    });
    expect(created.status).toBe(201);
    await eventually(async () => {
      const view = await getReplication(created.body.id as string);
      if (view.status.copied !== 2) throw new Error(`copied ${view.status.copied}`);
    }, 60_000);
    for (const original of originals) {
      expect((await readAll(everything, original.key)).equals(original.bytes)).toBe(true);
      expect((await readAll(everything, original.proxyKey)).toString()).toBe(
        (await readAll(source, original.proxyKey)).toString(),
      );
    }
    const objects = await lib.t.services.deps.repos.replications.listObjects(
      lib.alpha.tenant.id,
      created.body.id as string,
    );
    expect(objects.map((o) => o.files)).toEqual([2, 2]);
    expect((await rest(lib.t, alphaKey, 'DELETE', `/replications/${created.body.id as string}`)).status).toBe(200);
  }, 90_000);

  it('is for tenant administrators only, and over tRPC another tenant sees none of it', async () => {
    const editor = await addMember(lib.t, lib.alpha, 'replication-editor', { update: true });
    expect(await editor.client.query('replications.list')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const form = { sourceStorageId: targetId, targetStorageId: sourceId };
    expect(await editor.client.mutate('replications.create', form)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await lib.admin.query('replications.list')).toMatchObject({
      ok: true,
      data: [{ id: replicationId, apiTokenSet: true }],
    });
    expect(await lib.bravoAdmin.query('replications.list')).toMatchObject({ ok: true, data: [] });
    const update = { id: replicationId, sourceStorageId: sourceId, targetStorageId: targetId, enabled: false };
    expect(await lib.bravoAdmin.mutate('replications.update', update)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await lib.bravoAdmin.mutate('replications.delete', { id: replicationId })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await lib.bravoAdmin.mutate('replications.create', form)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('refuses the same location at both ends and an externally replicated source', async () => {
    const same = await rest(lib.t, alphaKey, 'POST', '/replications', {
      sourceStorageId: sourceId,
      targetStorageId: sourceId,
    });
    expect(same).toMatchObject({
      status: 400,
      body: { code: 'REPLICATION_SAME_STORAGE', message: 'The source and target storage must be different.' },
    });
    const external = await localLocation('Replicated bucket', 'replicated', true);
    const refused = await rest(lib.t, alphaKey, 'POST', '/replications', {
      sourceStorageId: external,
      targetStorageId: targetId,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'REPLICATION_SOURCE_EXTERNAL',
        message: 'This storage is replicated externally and cannot be a replication source.',
      },
    });
    const duplicate = await rest(lib.t, alphaKey, 'POST', '/replications', {
      sourceStorageId: sourceId,
      targetStorageId: targetId,
    });
    expect(duplicate).toMatchObject({ status: 409, body: { code: 'REPLICATION_DUPLICATE' } });
    const tooMany = await rest(lib.t, alphaKey, 'POST', '/replications', {
      sourceStorageId: targetId,
      targetStorageId: sourceId,
      shardCount: 17,
    });
    expect(tooMany.status).toBe(400);
  });

  it('shows another tenant none of it, and refuses its locations as not found', async () => {
    expect((await rest(lib.t, bravoKey, 'GET', '/replications')).body).toEqual({ replications: [] });
    expect((await rest(lib.t, bravoKey, 'GET', `/replications/${replicationId}`)).status).toBe(404);
    const body = { sourceStorageId: sourceId, targetStorageId: targetId, enabled: false };
    expect((await rest(lib.t, bravoKey, 'PUT', `/replications/${replicationId}`, body)).status).toBe(404);
    expect((await rest(lib.t, bravoKey, 'DELETE', `/replications/${replicationId}`)).status).toBe(404);
    // Tenant B naming tenant A's locations as its own ends.
    expect((await rest(lib.t, bravoKey, 'POST', '/replications', body)).status).toBe(404);
    const bravoLocations = (await rest(lib.t, bravoKey, 'GET', '/storages')).body.storages as Array<{ id: string }>;
    const mixed = { sourceStorageId: bravoLocations[0]!.id, targetStorageId: targetId };
    expect((await rest(lib.t, bravoKey, 'POST', '/replications', mixed)).status).toBe(404);
    expect((await getReplication(replicationId)).enabled).toBe(true);
  });

  it('starts a run at boot for an enabled setting that has none', async () => {
    const engine = lib.t.services.deps.workflows!;
    const workflowId = replicationWorkflowId(lib.alpha.tenant.id, replicationId);
    await engine.terminate(workflowId, 'lost with its server');
    expect((await engine.describe(workflowId)).status).not.toBe('RUNNING');
    expect(await lib.t.services.replications.startEnabled()).toBeGreaterThanOrEqual(1);
    await eventually(async () => {
      const status = (await engine.describe(workflowId)).status;
      if (status !== 'RUNNING') throw new Error(status);
    }, 10_000);
  });

  it('records a copy that does not verify as failed, keeps nothing of it, and copies it once it does', async () => {
    await ingest('Corrupt', 64 * 1024);
    const broken = originals.at(-1)!;
    const repos = lib.t.services.deps.repos;
    // The checksum recorded at ingest no longer matches the stored bytes.
    await repos.items.updateVersion(lib.alpha.tenant.id, broken.versionId, { sha256: '0'.repeat(64) });
    const body = { sourceStorageId: sourceId, targetStorageId: targetId, shardCount: 2, enabled: true };
    expect((await rest(lib.t, alphaKey, 'PUT', `/replications/${replicationId}`, body)).status).toBe(200);
    const failed = await eventually(async () => {
      const view = await getReplication(replicationId);
      if (view.status.failed !== 1) throw new Error(`failed ${view.status.failed}`);
      return view;
    }, 60_000);
    expect(failed.status).toMatchObject({ copied: 2, pending: 0, failed: 1 });
    expect(await target.head(broken.key)).toBeNull();
    const [record] = (await repos.replications.listObjects(lib.alpha.tenant.id, replicationId)).filter(
      (o) => o.versionId === broken.versionId,
    );
    expect(record).toMatchObject({ state: 'failed', error: expect.stringContaining('does not match its checksum') });

    await repos.items.updateVersion(lib.alpha.tenant.id, broken.versionId, { sha256: sha256(broken.bytes) });
    expect((await rest(lib.t, alphaKey, 'PUT', `/replications/${replicationId}`, body)).status).toBe(200);
    await eventually(async () => {
      const view = await getReplication(replicationId);
      if (view.status.copied !== 3 || view.status.failed !== 0) throw new Error(JSON.stringify(view.status));
    }, 60_000);
    expect((await readAll(target, broken.key)).equals(broken.bytes)).toBe(true);
  }, 120_000);

  it('copies again for new ends: what went to the old target says nothing about the new one', async () => {
    const otherId = await localLocation('Second mirror', 'second-mirror');
    const other = await lib.t.services.storages.resolve(lib.alpha.tenant.id, otherId);
    const body = { sourceStorageId: sourceId, targetStorageId: otherId, shardCount: 2, enabled: true };
    expect((await rest(lib.t, alphaKey, 'PUT', `/replications/${replicationId}`, body)).status).toBe(200);
    await eventually(async () => {
      const view = await getReplication(replicationId);
      if (view.status.copied !== originals.length) throw new Error(JSON.stringify(view.status));
    }, 60_000);
    for (const original of originals) expect((await readAll(other, original.key)).equals(original.bytes)).toBe(true);
  }, 90_000);

  it('replicates to object storage (S3) the same way', async () => {
    const bucket = await rest(lib.t, alphaKey, 'POST', '/storages', {
      name: `Replica ${backend}`,
      kind: 's3',
      types: ['archive'],
      pathPrefix: backend,
      bucket: 'replica',
      region: 'eu-north-1',
      endpoint: s3.endpoint,
      permissionMethod: 'gateway',
      forcePathStyle: true,
      credentials: { ...s3.credentials },
    });
    expect(bucket.status).toBe(201);
    const replicaId = bucket.body.id as string;
    const replica = await lib.t.services.storages.resolve(lib.alpha.tenant.id, replicaId);
    const created = await rest(lib.t, alphaKey, 'POST', '/replications', {
      sourceStorageId: sourceId,
      targetStorageId: replicaId,
      shardCount: 2,
    });
    expect(created.status).toBe(201);
    await eventually(async () => {
      const view = await getReplication(created.body.id as string);
      if (view.status.copied !== originals.length) throw new Error(JSON.stringify(view.status));
    }, 60_000);
    for (const original of originals) expect((await readAll(replica, original.key)).equals(original.bytes)).toBe(true);
    expect((await rest(lib.t, alphaKey, 'DELETE', `/replications/${created.body.id as string}`)).status).toBe(200);
  }, 90_000);

  it('stops the run when the setting is deleted', async () => {
    const removed = await rest(lib.t, alphaKey, 'DELETE', `/replications/${replicationId}`);
    expect(removed.status).toBe(200);
    const workflowId = replicationWorkflowId(lib.alpha.tenant.id, replicationId);
    await expect(lib.t.services.deps.workflows!.result(workflowId)).resolves.toBe('stopped');
    expect((await rest(lib.t, alphaKey, 'GET', '/replications')).body).toEqual({ replications: [] });
    // The copies stay in the target.
    for (const original of originals) expect(await target.head(original.key)).not.toBeNull();
  }, 60_000);
});
