import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { replicationWorkflowId } from '@mam/workflows';
import type { ObjectStorage } from '@mam/workers';
import { adminApiKey, insertItem, rest, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';

type TReplicationJson = {
  id: string;
  enabled: boolean;
  shardCount: number;
  apiTokenSet: boolean;
  status: { copied: number; pending: number; failed: number; lastRoundAt: string | null; lastRoundCopied: number };
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.get(key)).body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Retries `check` until it stops throwing; the last failure when time is up. */
async function eventually<T>(check: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Replication settings (issue 24, spec section 3) through the REST API on the embedded workflow runtime: new media of
 * a source location is copied to the target byte-identical by the setting's durable workflow, once; externally
 * replicated sources are refused; another tenant sees none of it.
 */
describe('replication', () => {
  let lib: TTwoTenantLibrary;
  let alphaKey: string;
  let bravoKey: string;
  let sourceId: string;
  let targetId: string;
  let source: ObjectStorage;
  let target: ObjectStorage;
  let replicationId: string;
  const originals: Array<{ key: string; bytes: Buffer; versionId: string }> = [];

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
    });
    const bytes = randomBytes(size);
    const key = `${tenantId}/items/${row.id}/${row.leadingVersionId}/original.bin`;
    await source.put(key, Readable.from([bytes]));
    await lib.t.services.deps.repos.items.updateVersion(tenantId, row.leadingVersionId!, {
      originalKey: key,
      fileSize: size,
      sha256: sha256(bytes),
    });
    originals.push({ key, bytes, versionId: row.leadingVersionId! });
  }

  const getReplication = async (id: string) =>
    (await rest(lib.t, alphaKey, 'GET', `/replications/${id}`)).body as unknown as TReplicationJson;

  beforeAll(async () => {
    lib = await twoTenantLibrary('pglite', { media: true });
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
